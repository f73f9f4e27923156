import { BIM_PRIMITIVE_SHAPES, type BimPrimitiveShape } from '@takt/contracts';
import { useState } from 'react';
import { Button, CrossButton, Empty, IconButton, SelectField, TextField } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';

interface Draft {
  id: string | null;
  revision: number;
  name: string;
  shape: BimPrimitiveShape;
  position: [string, string, string];
  size: [string, string, string];
  rotationY: string;
  color: string;
  opacity: string;
}

const EMPTY: Draft = {
  id: null,
  revision: 0,
  name: '',
  shape: 'box',
  position: ['0', '0', '0'],
  size: ['2', '2', '2'],
  rotationY: '0',
  color: '#f5c400',
  opacity: '1',
};

const num = (s: string) => Number(s.replace(',', '.'));
const triple = (a: [string, string, string]) => a.map(num) as [number, number, number];

/**
 * Site objects (entities 3D primitive shapes, API primitivesModels): cranes, fences, temporary buildings
 * as boxes, spheres, planes and cylinders placed, sized, coloured and named, stored per EPS node.
 */
export function BimObjectsPanel({
  spaceId,
  epsId,
  editable,
}: {
  spaceId: string;
  epsId: string;
  editable: boolean;
}) {
  const t = useT();
  const utils = trpc.useUtils();
  const list = trpc.bim.primitives.list.useQuery({ spaceId, epsId });
  const [draft, setDraft] = useState<Draft | null>(null);
  const done = () => {
    setDraft(null);
    void utils.bim.primitives.list.invalidate();
  };
  const create = trpc.bim.primitives.create.useMutation({ onSuccess: done });
  const update = trpc.bim.primitives.update.useMutation({ onSuccess: done });
  const remove = trpc.bim.primitives.delete.useMutation({ onSuccess: done });
  const save = () => {
    if (!draft) return;
    const fields = {
      name: draft.name.trim(),
      shape: draft.shape,
      position: triple(draft.position),
      size: triple(draft.size),
      rotationY: num(draft.rotationY),
      color: draft.color,
      opacity: num(draft.opacity),
    };
    if (draft.id) update.mutate({ spaceId, primitiveId: draft.id, revision: draft.revision, ...fields });
    else create.mutate({ spaceId, epsId, ...fields });
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => (d ? { ...d, [key]: value } : d));
  /** A typed number of the draft (its text kept as typed until saved). */
  const numberField = (key: 'rotationY' | 'opacity', label: string) =>
    draft && <TextField label={label} value={draft[key]} onChange={(v) => set(key, v)} inputMode="decimal" />;
  const setAxis = (key: 'position' | 'size', axis: number, value: string) =>
    setDraft((d) => {
      if (!d) return d;
      const next = [...d[key]] as [string, string, string];
      next[axis] = value;
      return { ...d, [key]: next };
    });

  return (
    <div className="bim-objects" data-testid="bim-objects">
      {list.data?.length ? (
        <ul className="bim-list stack-list">
          {list.data.map((p) => (
            <li key={p.id} className="bim-list-row">
              <span className="bim-swatch" style={{ background: p.color }} />
              <span className="bim-grow">{p.name}</span>
              <span className="bim-muted">{t(`bim.prim.shape.${p.shape}`)}</span>
              {editable && (
                <>
                  <IconButton
                    label={t('bim.prim.edit', { name: p.name })}
                    onClick={() =>
                      setDraft({
                        id: p.id,
                        revision: p.revision,
                        name: p.name,
                        shape: p.shape,
                        position: p.position.map(String) as [string, string, string],
                        size: p.size.map(String) as [string, string, string],
                        rotationY: String(p.rotationY),
                        color: p.color,
                        opacity: String(p.opacity),
                      })
                    }
                  >
                    ✎
                  </IconButton>
                  <CrossButton
                    label={t('bim.prim.delete', { name: p.name })}
                    onClick={() => remove.mutate({ spaceId, primitiveId: p.id })}
                  />
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <Empty>{t('bim.prim.empty')}</Empty>
      )}
      {editable && !draft && (
        <Button onClick={() => setDraft(EMPTY)} data-testid="bim-prim-add">
          {t('bim.prim.add')}
        </Button>
      )}
      {draft && (
        <form
          className="bim-prim-form"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <TextField
            label={t('bim.prim.name')}
            value={draft.name}
            onChange={(v) => set('name', v)}
            maxLength={32}
          />
          <SelectField
            label={t('bim.prim.shape')}
            value={draft.shape}
            onChange={(shape) => set('shape', shape as BimPrimitiveShape)}
            options={BIM_PRIMITIVE_SHAPES.map((s) => ({ value: s, label: t(`bim.prim.shape.${s}`) }))}
          />
          {(['position', 'size'] as const).map((key) => (
            <fieldset key={key} className="bim-triple">
              <legend className="field-label">{t(`bim.prim.${key}`)}</legend>
              {[0, 1, 2].map((axis) => (
                <input
                  key={axis}
                  className="input input-compact"
                  inputMode="decimal"
                  aria-label={`${t(`bim.prim.${key}`)} ${'XYZ'[axis]}`}
                  value={draft[key][axis]}
                  onChange={(e) => setAxis(key, axis, e.target.value)}
                />
              ))}
            </fieldset>
          ))}
          {numberField('rotationY', t('bim.prim.rotation'))}
          <label className="field">
            <span className="field-label">{t('bim.prim.color')}</span>
            <input
              type="color"
              className="bim-color"
              value={draft.color}
              onChange={(e) => set('color', e.target.value)}
            />
          </label>
          {numberField('opacity', t('bim.prim.opacity'))}
          <div className="bim-rule-actions">
            <Button variant="primary" type="submit" busy={create.isPending || update.isPending}>
              {t('common.save')}
            </Button>
            <Button variant="ghost" onClick={() => setDraft(null)}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
