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
  const last = pipeline.pipes.at(-1);
  const [name, setName] = useState(pipe?.name ?? '');
  const [code, setCode] = useState(pipe?.code ?? `F${pipeline.pipes.length + 1}`);
  const [color, setColor] = useState(
    cssColor(pipe?.color ?? PIPE_COLORS[pipeline.pipes.length % PIPE_COLORS.length]!),
  );
  const [versionId, setVersionId] = useState(
    pipe ? (pipe.versionId ?? '') : (last?.versionId ?? pipeline.versions[0]?.id ?? ''),
  );
  const [mode, setMode] = useState<'takt' | 'rate'>(pipe?.mode ?? 'takt');
  const [taktDays, setTaktDays] = useState(text(pipe?.taktDays ?? 1));
  const [ratePerDay, setRatePerDay] = useState(text(pipe?.ratePerDay));
  const [quantity, setQuantity] = useState(text(pipe?.quantityPerLocation));
  const [unit, setUnit] = useState(pipe?.unit ?? '');
  const [crew, setCrew] = useState(pipe?.crew ?? '');
  const [crewResourceId, setCrewResourceId] = useState(pipe?.crewResourceId ?? '');
  const [crewSize, setCrewSize] = useState(text(pipe?.crewSize));
  const [bufferDays, setBufferDays] = useState(text(pipe?.bufferDays ?? 0));
  const [afterPipeId, setAfterPipeId] = useState(pipe ? (pipe.afterPipeId ?? '') : (last?.id ?? ''));
  const [locationIds, setLocationIds] = useState<string[]>(
    pipe?.locationIds ?? pipeline.locations.map((l) => l.id),
  );
  const errors = { ...saving.errors, ...local };
  const names = new Map(pipeline.locations.map((l) => [l.id, l.name]));
  const chosen = new Set(locationIds);
  const toggle = (id: string, on: boolean) =>
    setLocationIds((current) => {
      if (!on) return current.filter((x) => x !== id);
      // a location put back goes where it stands in the project's order (in the flow's direction)
      const order = pipeline.locations.map((l) => l.id);
      const reversed = current.length > 1 && order.indexOf(current[0]!) > order.indexOf(current.at(-1)!);
      const next = order.filter((x) => x === id || current.includes(x));
      return reversed ? next.reverse() : next;
    });
  // the days the server's generation will give the flow, by the same rule
  const days = pipeDays({
    mode: 'rate',
    taktDays: 0,
    ratePerDay: Number(ratePerDay),
    quantityPerLocation: Number(quantity),
  });
  const rateDays = mode === 'rate' && days > 0 ? days : null;

  const submit = () =>
    saving.run(async () => {
      const fields = {
        name,
        code,
        color: Number.parseInt(color.slice(1), 16),
        versionId: versionId || null,
        locationIds,
        mode,
        taktDays: numberOrNull(taktDays) ?? 0,
        ratePerDay: numberOrNull(ratePerDay),
        quantityPerLocation: numberOrNull(quantity),
        unit: unit || null,
        crew: crew || null,
        crewResourceId: crewResourceId || null,
        crewSize: numberOrNull(crewSize),
        bufferDays: numberOrNull(bufferDays) ?? 0,
        afterPipeId: afterPipeId || null,
      };
      const parsed = pipeFields.safeParse(fields);
      if (!parsed.success) {
        setLocal(zodFieldErrors(parsed.error));
        return;
      }
      setLocal({});
      if (pipe)
        await update.mutateAsync({ spaceId, pipeId: pipe.id, revision: pipe.revision, ...parsed.data });
      else await create.mutateAsync({ spaceId, projectId: pipeline.projectId, ...parsed.data, name });
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
        <TextField
          label={t('pipeline.flow.name')}
          value={name}
          onChange={setName}
          error={errors.name}
          name="name"
        />
        <TextField
          label={t('pipeline.flow.code')}
          value={code}
          onChange={setCode}
          error={errors.code}
          hint={t('pipeline.flow.code_hint')}
          name="code"
        />
        <TextField
          label={t('pipeline.flow.color')}
          type="color"
          value={color}
          onChange={setColor}
          name="color"
        />
        <SelectField
          label={t('pipeline.flow.version')}
          value={versionId}
          onChange={setVersionId}
          options={[{ value: '', label: t('pipeline.no_version') }, ...versions]}
          error={errors.versionId}
          name="versionId"
        />
        <SelectField
          label={t('pipeline.flow.mode')}
          value={mode}
          onChange={(value) => setMode(value === 'rate' ? 'rate' : 'takt')}
          options={[
            { value: 'takt', label: t('pipeline.flow.mode_takt') },
            { value: 'rate', label: t('pipeline.flow.mode_rate') },
          ]}
          name="mode"
        />
        {mode === 'takt' ? (
          <TextField
            label={t('pipeline.flow.takt_days')}
            value={taktDays}
            onChange={setTaktDays}
            error={errors.taktDays}
            inputMode="decimal"
            name="taktDays"
          />
        ) : (
          <>
            <TextField
              label={t('pipeline.flow.rate')}
              value={ratePerDay}
              onChange={setRatePerDay}
              error={errors.ratePerDay}
              inputMode="decimal"
              name="ratePerDay"
            />
            <TextField
              label={t('pipeline.flow.quantity')}
              value={quantity}
              onChange={setQuantity}
              error={errors.quantityPerLocation}
              hint={rateDays !== null ? t('pipeline.flow.rate_days', { days: rateDays }) : undefined}
              inputMode="decimal"
              name="quantityPerLocation"
            />
            <TextField
              label={t('pipeline.flow.unit')}
              value={unit}
              onChange={setUnit}
              error={errors.unit}
              name="unit"
            />
          </>
        )}
        <TextField
          label={t('pipeline.flow.crew')}
          value={crew}
          onChange={setCrew}
          error={errors.crew}
          name="crew"
        />
        <SelectField
          label={t('pipeline.flow.crew_resource')}
          hint={t('pipeline.flow.crew_resource_hint')}
          value={crewResourceId}
          onChange={setCrewResourceId}
          options={[
            { value: '', label: t('pipeline.flow.crew_text') },
            ...(resources.data ?? []).map((r) => ({
              value: r.id,
              label: r.code ? `${r.code} ${r.name}` : r.name,
            })),
          ]}
          error={errors.crewResourceId}
          name="crewResourceId"
        />
        <TextField
          label={t('pipeline.flow.crew_size')}
          value={crewSize}
          onChange={setCrewSize}
          error={errors.crewSize}
          inputMode="numeric"
          name="crewSize"
        />
        <TextField
          label={t('pipeline.flow.buffer')}
          value={bufferDays}
          onChange={setBufferDays}
          error={errors.bufferDays}
          inputMode="decimal"
          name="bufferDays"
        />
        <SelectField
          label={t('pipeline.flow.after')}
          value={afterPipeId}
          onChange={setAfterPipeId}
          options={[
            { value: '', label: t('pipeline.no_after') },
            ...others.map((p) => ({ value: p.id, label: p.name })),
          ]}
          error={errors.afterPipeId}
          name="afterPipeId"
        />
      </div>
      <fieldset className="pipeline-flow-locations">
        <legend>{t('pipeline.flow.locations')}</legend>
        <div className="pipeline-flow-location-actions">
          <Button onClick={() => setLocationIds(pipeline.locations.map((l) => l.id))}>
            {t('pipeline.flow.all')}
          </Button>
          <Button onClick={() => setLocationIds([])}>{t('pipeline.flow.none')}</Button>
          <Button onClick={() => setLocationIds((current) => [...current].reverse())}>
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
    </FormDialog>
  );
}
