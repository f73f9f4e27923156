import { CALC_STATUS_TEXT } from '@takt/contracts';
import { useState } from 'react';
import { CompactSelect } from '../../components/compact-select';
import { confirmed } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import { Badge, Button, namedOptions, SelectField, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { formatIso, parseDateText } from '../../lib/schedule-time';
import type { VersionInfo } from '../../lib/schedule-types';
import { trpc } from '../../lib/trpc';
import { ExportMenu } from '../import/ExportMenu';
import { UploadDialog } from '../import/UploadDialog';
import { CodeNumbering } from './CodeNumbering';
import { CompareDialog } from './CompareDialog';
import { SaveTemplateDialog } from './SaveTemplateDialog';

type Version = VersionInfo;

/** Versions of the schedule: open, create (empty or a copy), copy to another schedule, set actual, lock, delete, compare. */
export function VersionsPanel({
  scheduleId,
  current,
  versions,
  onOpen,
  onChanged,
}: {
  scheduleId: string;
  current: Version;
  versions: Version[];
  onOpen: (id: string) => void;
  onChanged: () => void;
}) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const manage = can('versions.manage');
  const done = { onSuccess: onChanged };
  const setActual = trpc.versions.setActual.useMutation(done);
  const setLocked = trpc.versions.setLocked.useMutation(done);
  const remove = trpc.versions.delete.useMutation(done);
  const [dialog, setDialog] = useState<'create' | 'copyTo' | 'upload' | 'template' | null>(null);
  const [compareWith, setCompareWith] = useState(versions.find((v) => v.id !== current.id)?.id ?? '');
  const [comparing, setComparing] = useState<string | null>(null);

  const onDelete = async (v: Version) => {
    if (
      await confirmed({
        title: t('versions.delete_title', { name: v.name }),
        text: t('versions.delete_text'),
        danger: true,
      })
    )
      remove.mutate(
        { spaceId, versionId: v.id, confirm: true },
        { onSuccess: () => v.id === current.id && onOpen(versions.find((x) => x.id !== v.id)?.id ?? '') },
      );
  };

  return (
    <div className="versions-panel" data-testid="versions-panel">
      <div className="panel-row">
        <h2 className="panel-heading">{t('versions.title')}</h2>
        <Button disabled={!manage} onClick={() => setDialog('create')} data-testid="version-create">
          + {t('versions.new')}
        </Button>
      </div>
      <div className="panel-row">
        <Button disabled={!can('import')} onClick={() => setDialog('upload')} data-testid="version-upload">
          ⇪ {t('import.upload')}
        </Button>
        <ExportMenu
          versionId={current.id}
          scheduleId={scheduleId}
          workCount={current.workCount}
          versionName={current.name}
        />
      </div>
      <ul className="version-list stack-list">
        {versions.map((v) => (
          <li
            key={v.id}
            className={`version-item${v.id === current.id ? ' version-item-current' : ''}`}
            data-testid={`version-${v.name}`}
          >
            <button type="button" className="version-open" onClick={() => onOpen(v.id)}>
              <span className="version-name">{v.name}</span>
              <span className="version-meta">
                {t('versions.works', { count: v.workCount })} ·{' '}
                {t(`calc_status.${CALC_STATUS_TEXT[v.calcStatus] ?? 'not_calculated'}`)}
              </span>
            </button>
            <span className="badges">
              {v.actual && <Badge tone="accent">{t('versions.actual')}</Badge>}
              {v.locked && <Badge tone="warn">{t('versions.locked')}</Badge>}
            </span>
            {manage && (
              <span className="version-actions">
                {!v.actual && (
                  <Button variant="ghost" onClick={() => setActual.mutate({ spaceId, versionId: v.id })}>
                    {t('versions.set_actual')}
                  </Button>
                )}
                <Button
                  variant="ghost"
                  onClick={() => setLocked.mutate({ spaceId, versionId: v.id, locked: !v.locked })}
                >
                  {v.locked ? t('versions.unlock') : t('versions.lock')}
                </Button>
                <Button variant="ghost" disabled={versions.length < 2} onClick={() => void onDelete(v)}>
                  {t('common.delete')}
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <VersionDates
        key={`${current.id}-${current.revision}`}
        version={current}
        editable={manage && !current.locked}
        onSaved={onChanged}
      />
      <CodeNumbering scheduleId={scheduleId} editable={can('schedule.edit')} />
      <div className="panel-row">
        <Button variant="ghost" disabled={!manage} onClick={() => setDialog('copyTo')}>
          {t('versions.copy_to')}
        </Button>
        <Button
          variant="ghost"
          disabled={!manage}
          onClick={() => setDialog('template')}
          data-testid="version-save-template"
        >
          {t('templates.save_as')}
        </Button>
      </div>
      <section className="version-compare">
        <h3 className="panel-title">{t('compare.title')}</h3>
        <p className="muted">{t('compare.hint', { name: current.name })}</p>
        <div className="rel-add-row">
          <CompactSelect
            aria-label={t('compare.other')}
            value={compareWith}
            onChange={setCompareWith}
            data-testid="compare-with"
            options={namedOptions(versions.filter((v) => v.id !== current.id))}
          />
          <Button
            variant="primary"
            disabled={!compareWith}
            onClick={() => setComparing(compareWith)}
            data-testid="compare"
          >
            {t('compare.run')}
          </Button>
          {compareWith && (
            <ExportMenu
              versionId={compareWith}
              scheduleId={scheduleId}
              otherVersionId={current.id}
              workCount={current.workCount}
              label={t('export.comparison')}
            />
          )}
        </div>
      </section>
      {dialog === 'create' && (
        <CreateVersionDialog
          scheduleId={scheduleId}
          current={current}
          onClose={() => setDialog(null)}
          onDone={(id) => {
            setDialog(null);
            onChanged();
            onOpen(id);
          }}
        />
      )}
      {dialog === 'upload' && (
        <UploadDialog
          scheduleId={scheduleId}
          onClose={() => {
            setDialog(null);
            onChanged();
          }}
          onOpenVersion={(id) => {
            setDialog(null);
            onChanged();
            onOpen(id);
          }}
        />
      )}
      {dialog === 'template' && (
        <SaveTemplateDialog
          versionId={current.id}
          versionName={current.name}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'copyTo' && (
        <CopyToDialog current={current} scheduleId={scheduleId} onClose={() => setDialog(null)} />
      )}
      {comparing && (
        <CompareDialog
          base={versions.find((v) => v.id === comparing)!}
          other={current}
          onClose={() => setComparing(null)}
        />
      )}
    </div>
  );
}

function CreateVersionDialog({
  scheduleId,
  current,
  onClose,
  onDone,
}: {
  scheduleId: string;
  current: Version;
  onClose: () => void;
  onDone: (id: string) => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [name, setName] = useState('');
  const [copy, setCopy] = useState('copy');
  const create = trpc.versions.create.useMutation();
  return (
    <FormDialog
      title={t('versions.new')}
      busy={create.isPending}
      onClose={onClose}
      onSubmit={() =>
        create.mutate(
          {
            spaceId,
            scheduleId,
            name: name.trim() || t('versions.copy_name', { name: current.name }),
            copyFromVersionId: copy === 'copy' ? current.id : undefined,
          },
          { onSuccess: (v) => onDone(v.id) },
        )
      }
      testId="version-dialog"
    >
      <TextField
        label={t('eps.name')}
        value={name}
        onChange={setName}
        placeholder={t('versions.copy_name', { name: current.name })}
      />
      <SelectField
        label={t('versions.content')}
        value={copy}
        onChange={setCopy}
        options={[
          { value: 'copy', label: t('versions.copy_of', { name: current.name }) },
          { value: 'empty', label: t('versions.empty') },
        ]}
      />
    </FormDialog>
  );
}

function CopyToDialog({
  current,
  scheduleId,
  onClose,
}: {
  current: Version;
  scheduleId: string;
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const eps = trpc.eps.list.useQuery({ spaceId });
  const schedules = (eps.data ?? []).filter((n) => n.kind === 'schedule' && n.id !== scheduleId);
  const [target, setTarget] = useState('');
  const copy = trpc.versions.copyTo.useMutation({ onSuccess: onClose });
  const chosen = target || schedules[0]?.id || '';
  return (
    <FormDialog
      title={t('versions.copy_to_title', { name: current.name })}
      busy={copy.isPending}
      onClose={onClose}
      onSubmit={
        chosen ? () => copy.mutate({ spaceId, versionId: current.id, scheduleId: chosen }) : undefined
      }
    >
      {schedules.length === 0 ? (
        <p>{t('versions.no_other_schedules')}</p>
      ) : (
        <SelectField
          label={t('eps.kind.schedule')}
          value={chosen}
          onChange={setTarget}
          options={namedOptions(schedules)}
        />
      )}
    </FormDialog>
  );
}

/** The version's project start and data date, typed in the formats of validation rules. */
function VersionDates({
  version,
  editable,
  onSaved,
}: {
  version: Version;
  editable: boolean;
  onSaved: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [start, setStart] = useState(formatIso(version.projectStart));
  const [dataDate, setDataDate] = useState(formatIso(version.dataDate));
  const [errors, setErrors] = useState<{ start?: string; dataDate?: string }>({});
  const update = trpc.versions.update.useMutation({ onSuccess: onSaved });
  const save = () => {
    const projectStart = parseDateText(start);
    const date = parseDateText(dataDate);
    const invalid = { message: 'validation.invalid_date' };
    setErrors({
      start: projectStart === undefined ? invalid.message : undefined,
      dataDate: date === undefined ? invalid.message : undefined,
    });
    if (projectStart === undefined || date === undefined) return;
    update.mutate({
      spaceId,
      versionId: version.id,
      revision: version.revision,
      projectStart,
      dataDate: date,
    });
  };
  return (
    <form
      className="version-dates"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <h3 className="panel-title">{t('versions.dates')}</h3>
      <TextField
        label={t('versions.project_start')}
        value={start}
        onChange={setStart}
        placeholder={t('common.date_placeholder')}
        disabled={!editable}
        error={errors.start ? { message: errors.start } : undefined}
      />
      <TextField
        label={t('versions.data_date')}
        value={dataDate}
        onChange={setDataDate}
        placeholder={t('common.date_placeholder')}
        disabled={!editable}
        error={errors.dataDate ? { message: errors.dataDate } : undefined}
      />
      <Button type="submit" disabled={!editable} busy={update.isPending} data-testid="version-dates-save">
        {t('common.save')}
      </Button>
    </form>
  );
}
