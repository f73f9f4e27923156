import type { PipeDto, PipelineDto } from '@takt/contracts';
import { useState } from 'react';
import { Link } from 'wouter';
import { confirmedDelete } from '../../components/confirm';
import { numHead, PlainTable } from '../../components/table';
import { Badge, Button, Empty, IconButton, Loaded } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { useFormTarget } from '../../state/app-state';
import { FlowDialog } from './FlowDialog';
import { cssColor, FlowLineChart } from './FlowLineChart';
import { LocationsDialog } from './LocationsDialog';
import '../schedule/schedule.css';
import './pipeline.css';

const dateOf = (iso: string | null) =>
  iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '';

/** A flow's first start and last finish among its generated works. */
function flowDates(pipeline: PipelineDto, pipeId: string): string {
  let start: string | null = null;
  let finish: string | null = null;
  for (const cell of pipeline.cells) {
    if (cell.pipeId !== pipeId || !cell.planStart || !cell.planFinish) continue;
    if (!start || cell.planStart < start) start = cell.planStart;
    if (!finish || cell.planFinish > finish) finish = cell.planFinish;
  }
  return start && finish ? `${dateOf(start)} – ${dateOf(finish)}` : '';
}

/** Project pipeline `/{space}/pipeline/{project_id}`: the project's flows through its locations, into its schedules. */
export function PipelinePage({ params }: { params: { projectId: string } }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const { projectId } = params;
  const query = trpc.pipeline.get.useQuery({ spaceId, projectId }, { retry: false });
  const utils = trpc.useUtils();
  const generate = trpc.pipeline.generate.useMutation();
  const remove = trpc.pipeline.pipes.delete.useMutation();
  // the flow settings open and close through their app-level flag (one such form at a time)
  const [editing, setEditing] = useFormTarget<PipeDto | 'new'>('projectPipeSettings');
  const [locations, setLocations] = useState(false);
  const editable = can('schedule.edit');
  const pipeline = query.data;

  if (query.isError) return <Empty>{t('pipeline.not_project')}</Empty>;

  const run = async () => {
    const answer = await generate.mutateAsync({ spaceId, projectId });
    const sum = (key: 'created' | 'updated' | 'removed') => answer.versions.reduce((n, v) => n + v[key], 0);
    notify('success', [
      t('pipeline.generated', {
        created: sum('created'),
        updated: sum('updated'),
        removed: sum('removed'),
        versions: answer.versions.length,
      }),
    ]);
    utils.pipeline.get.setData({ spaceId, projectId }, answer.pipeline);
  };
  const drop = async (pipe: PipeDto) => {
    if (!(await confirmedDelete(t('pipeline.delete'), t('pipeline.delete_confirm', { name: pipe.name }))))
      return;
    await remove.mutateAsync({ spaceId, pipeId: pipe.id });
    await utils.pipeline.get.invalidate();
  };
  const versionName = (id: string | null) => {
    const version = pipeline?.versions.find((v) => v.id === id);
    return version ? `${version.scheduleName} — ${version.name}` : t('pipeline.no_version');
  };
  const names = new Map(pipeline?.locations.map((l) => [l.id, l.name]));
  const generated = pipeline?.cells.some((c) => c.workId) ?? false;

  return (
    <div className="schedule pipeline" data-testid="pipeline-page">
      <header className="schedule-header">
        <div className="schedule-title">
          <Link href="/" className="schedule-crumb">
            {t('pipeline.back')}
          </Link>
          <h1 className="page-title">{t('screen.pipeline')}</h1>
          {pipeline && <span className="pipeline-project">{pipeline.projectName}</span>}
          {pipeline && (
            <Badge>
              <span data-testid="pipeline-counts">
                {t('pipeline.counts', { flows: pipeline.pipes.length, locations: pipeline.locations.length })}
              </span>
            </Badge>
          )}
        </div>
        <div className="pipeline-actions">
          <Button
            onClick={() => setLocations(true)}
            disabled={!editable || !pipeline}
            data-testid="pipeline-locations"
          >
            {t('pipeline.locations')}
          </Button>
          <Button
            onClick={() => setEditing('new')}
            disabled={!editable || !pipeline}
            data-testid="pipeline-add-flow"
          >
            {t('pipeline.add_flow')}
          </Button>
          <Button
            variant="primary"
            busy={generate.isPending}
            disabled={!editable || !pipeline?.pipes.length}
            onClick={() => void run()}
            data-testid="pipeline-generate"
          >
            {t('pipeline.generate')}
          </Button>
        </div>
      </header>
      <p className="pipeline-subtitle">{t('pipeline.subtitle')}</p>
      <Loaded loading={!pipeline} empty={false}>
        {pipeline && (
          <div className="pipeline-body">
            <section className="framed-pane pipeline-chart-pane">
              {pipeline.locations.length === 0 ? (
                <Empty>{t('pipeline.no_locations')}</Empty>
              ) : pipeline.pipes.length === 0 ? (
                <Empty>{t('pipeline.no_flows')}</Empty>
              ) : (
                <>
                  {!generated && <p className="field-hint">{t('pipeline.planned_hint')}</p>}
                  <FlowLineChart pipeline={pipeline} />
                </>
              )}
            </section>
            {pipeline.pipes.length > 0 && (
              <PlainTable
                testId="pipeline-flows"
                heads={[
                  t('pipeline.col.flow'),
                  t('pipeline.col.version'),
                  t('pipeline.col.locations'),
                  t('pipeline.col.rhythm'),
                  t('pipeline.col.crew'),
                  numHead(t('pipeline.col.buffer')),
                  t('pipeline.col.after'),
                  t('pipeline.col.dates'),
                  { label: '', className: 'cell-actions' },
                ]}
              >
                {pipeline.pipes.map((pipe) => (
                  <tr key={pipe.id} data-testid="pipeline-flow-row">
                    <td className="pipeline-flow-name">
                      <span className="pipeline-swatch" style={{ background: cssColor(pipe.color) }} />
                      {pipe.name}
                      <span className="pipeline-code">{pipe.code}</span>
                    </td>
                    <td>{versionName(pipe.versionId)}</td>
                    <td title={pipe.locationIds.map((id) => names.get(id)).join(' → ')}>
                      {pipe.locationIds.length > 0
                        ? `${pipe.locationIds.length}: ${names.get(pipe.locationIds[0]!)} → ${names.get(pipe.locationIds.at(-1)!)}`
                        : '—'}
                    </td>
                    <td>
                      {pipe.mode === 'rate'
                        ? t('pipeline.rate_value', {
                            quantity: `${pipe.quantityPerLocation ?? ''} ${pipe.unit ?? ''}`.trim(),
                            rate: pipe.ratePerDay ?? '',
                            days: pipe.days,
                          })
                        : t('pipeline.takt_value', { days: pipe.taktDays })}
                    </td>
                    <td>
                      {[pipe.crew, pipe.crewSize ? `×${pipe.crewSize}` : null].filter(Boolean).join(' ')}
                    </td>
                    <td className="num">{pipe.bufferDays}</td>
                    <td>{pipeline.pipes.find((p) => p.id === pipe.afterPipeId)?.name ?? '—'}</td>
                    <td className="pipeline-dates">{flowDates(pipeline, pipe.id)}</td>
                    <td className="cell-actions">
                      <IconButton
                        label={t('pipeline.edit')}
                        onClick={() => setEditing(pipe)}
                        disabled={!editable}
                        testId="pipeline-edit-flow"
                      >
                        ✎
                      </IconButton>
                      <IconButton
                        label={t('pipeline.delete')}
                        onClick={() => void drop(pipe)}
                        disabled={!editable}
                      >
                        ×
                      </IconButton>
                    </td>
                  </tr>
                ))}
              </PlainTable>
            )}
          </div>
        )}
      </Loaded>
      {editing && pipeline && (
        <FlowDialog
          pipeline={pipeline}
          pipe={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {locations && pipeline && (
        <LocationsDialog
          projectId={projectId}
          locations={pipeline.locations}
          onClose={() => setLocations(false)}
        />
      )}
    </div>
  );
}
