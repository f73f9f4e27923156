import { PIPE_COLORS, type PipeDto, type PipelineDto, pipeFields } from '@takt/contracts';
import { pipeDays } from '@takt/schedule';
import { useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { Button, Checkbox, SelectField, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { type FieldErrors, useSaving, zodFieldErrors } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { cssColor } from './FlowLineChart';

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));
const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The flow's settings as typed: every field a text until saved. */
interface FlowDraft {
  name: string;
  code: string;
  color: string;
  versionId: string;
  mode: 'takt' | 'rate';
  taktDays: string;
  ratePerDay: string;
  quantityPerLocation: string;
  unit: string;
  crew: string;
  crewResourceId: string;
  crewSize: string;
  bufferDays: string;
  afterPipeId: string;
}

/** A new flow takes the next code and colour, and follows the last flow on its version. */
function draftOf(pipeline: PipelineDto, pipe: PipeDto | null): FlowDraft {
  const last = pipeline.pipes.at(-1);
  return {
    name: pipe?.name ?? '',
    code: pipe?.code ?? `F${pipeline.pipes.length + 1}`,
    color: cssColor(pipe?.color ?? PIPE_COLORS[pipeline.pipes.length % PIPE_COLORS.length]!),
    versionId: pipe ? (pipe.versionId ?? '') : (last?.versionId ?? pipeline.versions[0]?.id ?? ''),
    mode: pipe?.mode ?? 'takt',
    taktDays: text(pipe?.taktDays ?? 1),
    ratePerDay: text(pipe?.ratePerDay),
    quantityPerLocation: text(pipe?.quantityPerLocation),
    unit: pipe?.unit ?? '',
    crew: pipe?.crew ?? '',
    crewResourceId: pipe?.crewResourceId ?? '',
    crewSize: text(pipe?.crewSize),
    bufferDays: text(pipe?.bufferDays ?? 0),
    afterPipeId: pipe ? (pipe.afterPipeId ?? '') : (last?.id ?? ''),
  };
}

/** What the draft sends: numbers from their texts, empty choices as none. */
const fieldsOf = (d: FlowDraft, locationIds: string[]) => ({
  name: d.name,
  code: d.code,
  color: Number.parseInt(d.color.slice(1), 16),
  versionId: d.versionId || null,
  locationIds,
  mode: d.mode,
  taktDays: numberOrNull(d.taktDays) ?? 0,
  ratePerDay: numberOrNull(d.ratePerDay),
  quantityPerLocation: numberOrNull(d.quantityPerLocation),
  unit: d.unit || null,
  crew: d.crew || null,
  crewResourceId: d.crewResourceId || null,
  crewSize: numberOrNull(d.crewSize),
  bufferDays: numberOrNull(d.bufferDays) ?? 0,
  afterPipeId: d.afterPipeId || null,
});

/** The settings of a flow (the spec's "project pipe settings"): a new one, or `pipe` edited at its revision. */
export function FlowDialog({
  pipeline,
  pipe,
  onClose,
}: {
  pipeline: PipelineDto;
  pipe: PipeDto | null;
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  // the crew may be one of the space's resources (for those who may see the directory)
  const resources = trpc.resources.list.useQuery({ spaceId }, { enabled: can('resources.view') });
  const create = trpc.pipeline.pipes.create.useMutation();
  const update = trpc.pipeline.pipes.update.useMutation();
  const saving = useSaving();
  const [local, setLocal] = useState<FieldErrors>({});
  const [draft, setDraft] = useState(() => draftOf(pipeline, pipe));
  const [locationIds, setLocationIds] = useState<string[]>(
    pipe?.locationIds ?? pipeline.locations.map((l) => l.id),
  );
  const errors = { ...saving.errors, ...local };
  // a text or select field's value, change, error and name
  const bind = (key: Exclude<keyof FlowDraft, 'mode'>) => ({
    name: key,
    value: draft[key],
    onChange: (value: string) => setDraft((d) => ({ ...d, [key]: value })),
    error: errors[key],
  });
  // the days the server's generation will give the flow, by the same rule
  const days = pipeDays({
    mode: 'rate',
    taktDays: 0,
    ratePerDay: Number(draft.ratePerDay),
    quantityPerLocation: Number(draft.quantityPerLocation),
  });
  const rateDays = draft.mode === 'rate' && days > 0 ? days : null;

  const submit = () =>
    saving.run(async () => {
      const parsed = pipeFields.safeParse(fieldsOf(draft, locationIds));
      if (!parsed.success) {
        setLocal(zodFieldErrors(parsed.error));
        return;
      }
      setLocal({});
      if (pipe)
        await update.mutateAsync({ spaceId, pipeId: pipe.id, revision: pipe.revision, ...parsed.data });
      else await create.mutateAsync({ spaceId, projectId: pipeline.projectId, ...parsed.data });
      await utils.pipeline.get.invalidate();
      onClose();
    });

  const versions = pipeline.versions.map((v) => ({
    value: v.id,
    label: `${v.scheduleName} — ${v.name}${v.locked ? ' 🔒' : ''}`,
  }));
  const others = pipeline.pipes.filter((p) => p.id !== pipe?.id);
  return (
    <FormDialog
      title={t(pipe ? 'pipeline.flow.edit' : 'pipeline.flow.create')}
      submitLabel={t('pipeline.flow.save')}
      busy={saving.busy}
      wide
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="pipeline-flow-dialog"
    >
      <div className="pipeline-form">
        <TextField label={t('pipeline.flow.name')} {...bind('name')} />
        <TextField label={t('pipeline.flow.code')} hint={t('pipeline.flow.code_hint')} {...bind('code')} />
        <TextField label={t('pipeline.flow.color')} type="color" {...bind('color')} />
        <SelectField
          label={t('pipeline.flow.version')}
          options={[{ value: '', label: t('pipeline.no_version') }, ...versions]}
          {...bind('versionId')}
        />
        <SelectField
          label={t('pipeline.flow.mode')}
          value={draft.mode}
          onChange={(value) => setDraft((d) => ({ ...d, mode: value === 'rate' ? 'rate' : 'takt' }))}
          options={[
            { value: 'takt', label: t('pipeline.flow.mode_takt') },
            { value: 'rate', label: t('pipeline.flow.mode_rate') },
          ]}
          name="mode"
        />
        {draft.mode === 'takt' ? (
          <TextField label={t('pipeline.flow.takt_days')} inputMode="decimal" {...bind('taktDays')} />
        ) : (
          <>
            <TextField label={t('pipeline.flow.rate')} inputMode="decimal" {...bind('ratePerDay')} />
            <TextField
              label={t('pipeline.flow.quantity')}
              hint={rateDays !== null ? t('pipeline.flow.rate_days', { days: rateDays }) : undefined}
              inputMode="decimal"
              {...bind('quantityPerLocation')}
            />
            <TextField label={t('pipeline.flow.unit')} {...bind('unit')} />
          </>
        )}
        <TextField label={t('pipeline.flow.crew')} {...bind('crew')} />
        <SelectField
          label={t('pipeline.flow.crew_resource')}
          hint={t('pipeline.flow.crew_resource_hint')}
          options={[
            { value: '', label: t('pipeline.flow.crew_text') },
            ...(resources.data ?? []).map((r) => ({
              value: r.id,
              label: r.code ? `${r.code} ${r.name}` : r.name,
            })),
          ]}
          {...bind('crewResourceId')}
        />
        <TextField label={t('pipeline.flow.crew_size')} inputMode="numeric" {...bind('crewSize')} />
        <TextField label={t('pipeline.flow.buffer')} inputMode="decimal" {...bind('bufferDays')} />
        <SelectField
          label={t('pipeline.flow.after')}
          options={[
            { value: '', label: t('pipeline.no_after') },
            ...others.map((p) => ({ value: p.id, label: p.name })),
          ]}
          {...bind('afterPipeId')}
        />
      </div>
      <FlowLocations pipeline={pipeline} locationIds={locationIds} onChange={setLocationIds} />
    </FormDialog>
  );
}

/** The locations a flow passes, in its direction: ticked in the project's order, all, none or reversed. */
function FlowLocations({
  pipeline,
  locationIds,
  onChange,
}: {
  pipeline: PipelineDto;
  locationIds: string[];
  onChange: (next: (current: string[]) => string[]) => void;
}) {
  const t = useT();
  const names = new Map(pipeline.locations.map((l) => [l.id, l.name]));
  const chosen = new Set(locationIds);
  const toggle = (id: string, on: boolean) =>
    onChange((current) => {
      if (!on) return current.filter((x) => x !== id);
      // a location put back goes where it stands in the project's order (in the flow's direction)
      const order = pipeline.locations.map((l) => l.id);
      const reversed = current.length > 1 && order.indexOf(current[0]!) > order.indexOf(current.at(-1)!);
      const next = order.filter((x) => x === id || current.includes(x));
      return reversed ? next.reverse() : next;
    });
  return (
    <fieldset className="pipeline-flow-locations">
      <legend>{t('pipeline.flow.locations')}</legend>
      <div className="pipeline-flow-location-actions">
        <Button onClick={() => onChange(() => pipeline.locations.map((l) => l.id))}>
          {t('pipeline.flow.all')}
        </Button>
        <Button onClick={() => onChange(() => [])}>{t('pipeline.flow.none')}</Button>
        <Button onClick={() => onChange((current) => [...current].reverse())}>
          {t('pipeline.flow.reverse')}
        </Button>
      </div>
      <div className="pipeline-flow-location-list">
        {pipeline.locations.map((l) => (
          <Checkbox
            key={l.id}
            label={l.name}
            checked={chosen.has(l.id)}
            onChange={(on) => toggle(l.id, on)}
          />
        ))}
      </div>
      {locationIds.length > 0 && (
        <div className="field-hint">{locationIds.map((id) => names.get(id)).join(' → ')}</div>
      )}
    </fieldset>
  );
}
