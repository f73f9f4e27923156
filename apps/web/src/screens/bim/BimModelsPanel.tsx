import type { BimOffset } from '@takt/bim';
import { useState } from 'react';
import { Button, CrossButton, Empty, TextField } from '../../components/ui';
import type { RouterOutputs } from '../../lib/api-types';
import type { Translate } from '../../lib/i18n';

export type ModelRow = RouterOutputs['bim']['models']['list'][number];

export function BimModelsPanel({
  models,
  hidden,
  editable,
  t,
  onToggle,
  onDelete,
  onProcess,
  overlaps,
  onMove,
}: {
  models: ModelRow[];
  hidden: Set<string>;
  editable: boolean;
  t: Translate;
  onToggle: (m: ModelRow, visible: boolean) => void;
  onDelete: (m: ModelRow) => void;
  onProcess: (m: ModelRow) => void;
  /** Models drawn over another without saying where they stand: the other's name. */
  overlaps: Map<string, string>;
  onMove: (m: ModelRow, offset: BimOffset | null) => void;
}) {
  const [moving, setMoving] = useState<string | null>(null);
  if (!models.length) return <Empty>{t('bim.no_models')}</Empty>;
  return (
    <ul className="bim-list stack-list" data-testid="bim-models">
      {models.map((m) => (
        <li key={m.id} className="bim-model">
          <label className="bim-list-row">
            <input
              type="checkbox"
              checked={m.visible && !hidden.has(m.id)}
              disabled={m.status !== 'completed'}
              aria-label={t('bim.model.show', { name: m.name })}
              onChange={(e) => onToggle(m, e.target.checked)}
            />
            <span className="bim-grow" title={m.fileName}>
              {m.name}
            </span>
            {editable && (
              <CrossButton label={t('bim.model.delete', { name: m.name })} onClick={() => onDelete(m)} />
            )}
          </label>
          <div className="bim-muted">
            {m.status === 'completed'
              ? [
                  m.schema ?? '',
                  t('bim.model.elements', { count: m.elementCount }),
                  ...(m.georeference
                    ? [t(m.georeference.kind === 'map' ? 'bim.model.placed_map' : 'bim.model.placed_site')]
                    : []),
                  ...(m.offset ? [t('bim.model.moved')] : []),
                ].join(' · ')
              : m.status === 'error'
                ? t('bim.model.error', { name: m.name, message: m.error?.message ?? '' })
                : t('bim.parsing', { name: m.name, progress: m.progress })}
          </div>
          {overlaps.has(m.id) && (
            <div className="bim-warning" role="status" data-testid="bim-overlap">
              {t('bim.model.overlap', { other: overlaps.get(m.id) })}
            </div>
          )}
          {editable && m.status === 'completed' && (
            <div className="bim-list-row">
              <Button variant="ghost" onClick={() => onProcess(m)}>
                {t('bim.process')}
              </Button>
              <Button
                variant="ghost"
                aria-expanded={moving === m.id}
                onClick={() => setMoving(moving === m.id ? null : m.id)}
              >
                {t('bim.model.move')}
              </Button>
            </div>
          )}
          {moving === m.id && (
            <MoveForm
              model={m}
              t={t}
              onSave={(offset) => {
                onMove(m, offset);
                setMoving(null);
              }}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

const AXES = [
  ['x', 'bim.model.east'],
  ['y', 'bim.model.north'],
  ['z', 'bim.model.up'],
  ['rotation', 'bim.model.turn'],
] as const;

/** The user's move of a model from where its file puts it: metres east, north, up and a turn in degrees. */
function MoveForm({
  model,
  t,
  onSave,
}: {
  model: ModelRow;
  t: Translate;
  onSave: (offset: BimOffset | null) => void;
}) {
  const [values, setValues] = useState<Record<keyof BimOffset, string>>(() => {
    const o = model.offset ?? { x: 0, y: 0, z: 0, rotation: 0 };
    return { x: String(o.x), y: String(o.y), z: String(o.z), rotation: String(o.rotation) };
  });
  const parsed = Object.fromEntries(
    AXES.map(([key]) => [key, Number(values[key].replace(',', '.').trim() || '0')]),
  ) as unknown as BimOffset;
  const valid = AXES.every(([key]) => Number.isFinite(parsed[key]));
  return (
    <form
      className="bim-move"
      aria-label={t('bim.model.move_title', { name: model.name })}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onSave(parsed);
      }}
    >
      <div className="bim-move-fields">
        {AXES.map(([key, label]) => (
          <TextField
            key={key}
            label={t(label)}
            inputMode="decimal"
            value={values[key]}
            onChange={(v) => setValues((old) => ({ ...old, [key]: v }))}
          />
        ))}
      </div>
      <div className="bim-list-row">
        <Button type="submit" disabled={!valid}>
          {t('common.save')}
        </Button>
        {model.offset && (
          <Button variant="ghost" onClick={() => onSave(null)}>
            {t('bim.model.move_reset')}
          </Button>
        )}
      </div>
    </form>
  );
}
