import type { PipelineLocationDto } from '@takt/contracts';
import { useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { Button, IconButton, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useSaving } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';

interface Row {
  key: string;
  id?: string;
  name: string;
}

let nextKey = 0;
const rowOf = (location: { id?: string; name: string }): Row => ({ key: `r${nextKey++}`, ...location });

/**
 * The project's locations as one list: renamed, added, moved up and down, removed, or N more generated
 * as "Floor 1..N"; saved at once (a location removed takes its works at the next generation).
 */
export function LocationsDialog({
  projectId,
  locations,
  onClose,
}: {
  projectId: string;
  locations: readonly PipelineLocationDto[];
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const save = trpc.pipeline.locations.save.useMutation();
  const saving = useSaving();
  const [rows, setRows] = useState<Row[]>(() => locations.map(rowOf));
  const [prefix, setPrefix] = useState(t('pipeline.loc.default_prefix'));
  const [count, setCount] = useState('10');
  const [from, setFrom] = useState('1');
  const move = (index: number, by: number) =>
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });
  const generate = () => {
    const n = Math.min(200, Math.max(0, Number.parseInt(count, 10) || 0));
    const first = Number.parseInt(from, 10) || 1;
    const name = prefix.trim() || t('pipeline.loc.default_prefix');
    setRows((current) => [
      ...current,
      ...Array.from({ length: n }, (_, i) => rowOf({ name: `${name} ${first + i}` })),
    ]);
  };
  const submit = () =>
    saving.run(async () => {
      await save.mutateAsync({
        spaceId,
        projectId,
        locations: rows.map((r) => (r.id ? { id: r.id, name: r.name } : { name: r.name })),
      });
      await utils.pipeline.get.invalidate();
      onClose();
    });
  return (
    <FormDialog
      title={t('pipeline.loc.title')}
      submitLabel={t('pipeline.loc.save')}
      busy={saving.busy}
      wide
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="pipeline-locations-dialog"
    >
      <p className="field-hint">{t('pipeline.loc.hint')}</p>
      <div className="pipeline-generate-locations">
        <TextField label={t('pipeline.loc.prefix')} value={prefix} onChange={setPrefix} name="prefix" />
        <TextField
          label={t('pipeline.loc.count')}
          value={count}
          onChange={setCount}
          inputMode="numeric"
          name="count"
        />
        <TextField
          label={t('pipeline.loc.from')}
          value={from}
          onChange={setFrom}
          inputMode="numeric"
          name="from"
        />
        <Button onClick={generate} data-testid="pipeline-generate-locations">
          {t('pipeline.loc.add_generated', { count: Number.parseInt(count, 10) || 0 })}
        </Button>
      </div>
      <ol className="pipeline-location-rows" data-testid="pipeline-location-rows">
        {rows.length === 0 && <li className="field-hint">{t('pipeline.loc.empty')}</li>}
        {rows.map((row, index) => (
          <li key={row.key} className="pipeline-location-row">
            <TextField
              label={t('pipeline.loc.name', { index: index + 1 })}
              value={row.name}
              onChange={(name) =>
                setRows((current) => current.map((r) => (r.key === row.key ? { ...r, name } : r)))
              }
              error={saving.errors[`locations.${index}.name`] ?? saving.errors[`locations.${index}.id`]}
            />
            <IconButton label={t('pipeline.loc.up')} disabled={index === 0} onClick={() => move(index, -1)}>
              ↑
            </IconButton>
            <IconButton
              label={t('pipeline.loc.down')}
              disabled={index === rows.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </IconButton>
            <IconButton
              label={t('pipeline.loc.remove')}
              onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
            >
              ×
            </IconButton>
          </li>
        ))}
      </ol>
      <Button onClick={() => setRows((current) => [...current, rowOf({ name: '' })])}>
        {t('pipeline.loc.add')}
      </Button>
    </FormDialog>
  );
}
