import { PDC_RESOURCE_KINDS, type PdcResourceKindId } from '@takt/contracts';
import { useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { numHead, PlainTable } from '../../components/table';
import { Badge, Button, Empty, PageHeader, SelectField, Spinner, Tabs, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { type FieldErrors, fieldErrorsOf } from '../../lib/form';
import { appI18n, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { money, quantity } from './format';
import './estimates.css';

type Measure = RouterOutputs['estimates']['measures']['list'][number];
type PdcResource = RouterOutputs['estimates']['pdc']['list']['items'][number];

/** The calls of a dialog: the server's field issues shown at the fields (not as a notification). */
function useIssues() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const options = {
    trpc: { context: { showsIssues: true } },
    onMutate: () => setErrors({}),
    onError: (error: unknown) => setErrors(fieldErrorsOf(error)),
  };
  return { errors, options };
}

/** A decimal as typed (a comma or a point); NaN when it is not one. */
const decimal = (v: string) =>
  v.trim() === '' ? Number.NaN : Number(v.replace(',', '.').replace(/\s/g, ''));

/**
 * The directories of estimating (route /estimate-directories): measures with their conversions, and the pdc;
 * editors add and edit units, resources and their prices in dialogs.
 */
export function EstimateDirectoriesPage() {
  const t = useT();
  const [tab, setTab] = useState<'measures' | 'pdc'>('measures');
  return (
    <div className="estimate-page" data-testid="estimate-directories">
      <PageHeader title={t('estimates.directories')} />
      <Tabs
        label={t('estimates.directories')}
        tabs={[
          { key: 'measures', label: t('estimates.measures') },
          { key: 'pdc', label: t('estimates.pdc') },
        ]}
        active={tab}
        onChange={setTab}
      />
      {tab === 'measures' ? <Measures /> : <Pdc />}
    </div>
  );
}

function Measures() {
  const t = useT();
  const { spaceId, can } = useSpace();
  const list = trpc.estimates.measures.list.useQuery({ spaceId });
  const [editing, setEditing] = useState<Measure | 'new' | null>(null);
  if (!list.data) return <Spinner />;
  const edit = can('estimates.edit');
  const ru = appI18n.locale === 'ru';
  const byId = new Map(list.data.map((m) => [m.id, m]));
  return (
    <>
      {edit && (
        <div className="estimate-toolbar">
          <Button onClick={() => setEditing('new')} data-testid="add-measure">
            + {t('estimates.add_measure')}
          </Button>
        </div>
      )}
      <PlainTable
        testId="measures-table"
        heads={[
          t('estimates.field.code'),
          t('estimates.symbol'),
          t('estimates.field.name'),
          t('estimates.conversion'),
          '',
        ]}
      >
        {list.data.map((m) => {
          const base = m.baseId ? byId.get(m.baseId) : undefined;
          return (
            <tr key={m.id}>
              <td>{m.code}</td>
              <td>{ru ? m.symbolRu : m.symbolEn}</td>
              <td>{ru ? m.nameRu : m.nameEn}</td>
              <td>
                {base
                  ? `1 ${ru ? m.symbolRu : m.symbolEn} = ${quantity(m.factor)} ${ru ? base.symbolRu : base.symbolEn}`
                  : '—'}
              </td>
              <td>
                {edit && (
                  <Button variant="ghost" onClick={() => setEditing(m)}>
                    {t('common.edit')}
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </PlainTable>
      {editing && (
        <MeasureDialog
          measure={editing === 'new' ? null : editing}
          measures={list.data}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

/** Adds a unit, or edits one: its code, symbols and names in both languages, and what it converts to. */
function MeasureDialog({
  measure,
  measures,
  onClose,
}: {
  measure: Measure | null;
  measures: readonly Measure[];
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const [f, setF] = useState({
    code: measure?.code ?? '',
    symbolEn: measure?.symbolEn ?? '',
    symbolRu: measure?.symbolRu ?? '',
    nameEn: measure?.nameEn ?? '',
    nameRu: measure?.nameRu ?? '',
    baseMeasureId: measure?.baseId ?? '',
    factor: measure ? String(measure.factor) : '1',
  });
  const set = (k: keyof typeof f) => (v: string) => setF({ ...f, [k]: v });
  const done = () => {
    void utils.estimates.measures.list.invalidate({ spaceId });
    onClose();
  };
  const { errors, options } = useIssues();
  const create = trpc.estimates.measures.create.useMutation({ ...options, onSuccess: done });
  const update = trpc.estimates.measures.update.useMutation({ ...options, onSuccess: done });
  const factor = decimal(f.factor);
  const fields = {
    code: f.code,
    symbolEn: f.symbolEn,
    symbolRu: f.symbolRu,
    nameEn: f.nameEn,
    nameRu: f.nameRu,
    baseMeasureId: f.baseMeasureId || null,
    ...(f.baseMeasureId ? { factor } : {}),
  };
  const ru = appI18n.locale === 'ru';
  return (
    <FormDialog
      title={measure ? t('estimates.edit_measure') : t('estimates.add_measure')}
      submitLabel={measure ? t('common.save') : t('common.add')}
      busy={create.isPending || update.isPending}
      wide
      testId="measure-dialog"
      onClose={onClose}
      onSubmit={() =>
        measure
          ? update.mutate({ spaceId, measureId: measure.id, revision: measure.revision, ...fields })
          : create.mutate({ spaceId, ...fields })
      }
    >
      <div className="estimate-form-grid">
        <TextField
          label={t('estimates.field.code')}
          value={f.code}
          onChange={set('code')}
          error={errors.code}
          data-testid="measure-code"
        />
        <TextField
          label={t('estimates.field.symbol_ru')}
          value={f.symbolRu}
          onChange={set('symbolRu')}
          error={errors.symbolRu}
        />
        <TextField
          label={t('estimates.field.symbol_en')}
          value={f.symbolEn}
          onChange={set('symbolEn')}
          error={errors.symbolEn}
        />
        <TextField
          label={t('estimates.field.name_ru')}
          value={f.nameRu}
          onChange={set('nameRu')}
          error={errors.nameRu}
        />
        <TextField
          label={t('estimates.field.name_en')}
          value={f.nameEn}
          onChange={set('nameEn')}
          error={errors.nameEn}
        />
        <SelectField
          label={t('estimates.field.base')}
          value={f.baseMeasureId}
          onChange={set('baseMeasureId')}
          error={errors.baseMeasureId}
          data-testid="measure-base"
          options={[
            { value: '', label: t('estimates.base_none') },
            ...measures
              .filter((m) => m.id !== measure?.id)
              .map((m) => ({ value: m.id, label: `${m.code} (${ru ? m.symbolRu : m.symbolEn})` })),
          ]}
        />
        {f.baseMeasureId && (
          <TextField
            label={t('estimates.field.factor')}
            value={f.factor}
            onChange={set('factor')}
            error={errors.factor}
            inputMode="decimal"
            data-testid="measure-factor"
          />
        )}
      </div>
    </FormDialog>
  );
}

function Pdc() {
  const t = useT();
  const { spaceId, can } = useSpace();
  const list = trpc.estimates.pdc.list.useQuery({ spaceId, limit: 200 });
  const [editing, setEditing] = useState<PdcResource | 'new' | null>(null);
  const [pricing, setPricing] = useState<PdcResource | null>(null);
  if (!list.data) return <Spinner />;
  const edit = can('estimates.edit');
  return (
    <>
      {edit && (
        <div className="estimate-toolbar">
          <Button onClick={() => setEditing('new')} data-testid="add-pdc">
            + {t('estimates.add_pdc')}
          </Button>
        </div>
      )}
      {list.data.items.length === 0 ? (
        <Empty>{t('estimates.pdc_empty')}</Empty>
      ) : (
        <PdcTable items={list.data.items} editable={edit} onEdit={setEditing} onPrice={setPricing} />
      )}
      {editing && (
        <PdcDialog resource={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {pricing && <PriceDialog resource={pricing} onClose={() => setPricing(null)} />}
    </>
  );
}

function PdcTable({
  items,
  editable,
  onEdit,
  onPrice,
}: {
  items: readonly PdcResource[];
  editable: boolean;
  onEdit: (r: PdcResource) => void;
  onPrice: (r: PdcResource) => void;
}) {
  const t = useT();
  return (
    <PlainTable
      testId="pdc-table"
      heads={[
        t('estimates.field.code'),
        t('estimates.field.name'),
        t('estimates.field.kind'),
        t('estimates.field.unit'),
        numHead(t('estimates.current_price')),
        t('estimates.prices'),
        '',
      ]}
    >
      {items.map((r) => (
        <tr key={r.id}>
          <td>{r.code}</td>
          <td>{r.name}</td>
          <td>
            <Badge>{t(`estimates.pdc_kind.${r.kind}`)}</Badge>
          </td>
          <td>{r.unit}</td>
          <td className="num">{r.currentPrice === null ? '—' : money(r.currentPrice)}</td>
          <td>
            {r.prices
              .map((p) => `${p.validFrom}${p.region ? ` ${p.region}` : ''}: ${money(p.price)}`)
              .join('; ')}
          </td>
          <td className="estimate-row-actions">
            {editable && (
              <>
                <Button variant="ghost" onClick={() => onEdit(r)}>
                  {t('common.edit')}
                </Button>
                <Button variant="ghost" onClick={() => onPrice(r)}>
                  + {t('estimates.add_price')}
                </Button>
              </>
            )}
          </td>
        </tr>
      ))}
    </PlainTable>
  );
}

/** Adds a resource of the pdc, or edits one: its kind, code, name and unit. */
function PdcDialog({ resource, onClose }: { resource: PdcResource | null; onClose: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const [f, setF] = useState<{ kind: PdcResourceKindId; code: string; name: string; unit: string }>({
    kind: resource?.kind ?? 'material',
    code: resource?.code ?? '',
    name: resource?.name ?? '',
    unit: resource?.unit ?? '',
  });
  const done = () => {
    void utils.estimates.pdc.list.invalidate();
    onClose();
  };
  const { errors, options } = useIssues();
  const create = trpc.estimates.pdc.create.useMutation({ ...options, onSuccess: done });
  const update = trpc.estimates.pdc.update.useMutation({ ...options, onSuccess: done });
  return (
    <FormDialog
      title={resource ? t('estimates.edit_pdc') : t('estimates.add_pdc')}
      submitLabel={resource ? t('common.save') : t('common.add')}
      busy={create.isPending || update.isPending}
      testId="pdc-dialog"
      onClose={onClose}
      onSubmit={() =>
        resource
          ? update.mutate({ spaceId, pdcResourceId: resource.id, revision: resource.revision, ...f })
          : create.mutate({ spaceId, ...f })
      }
    >
      <div className="estimate-form-grid">
        <SelectField
          label={t('estimates.field.kind')}
          value={f.kind}
          onChange={(kind) => setF({ ...f, kind: kind as PdcResourceKindId })}
          error={errors.kind}
          options={PDC_RESOURCE_KINDS.map((k) => ({ value: k, label: t(`estimates.pdc_kind.${k}`) }))}
        />
        <TextField
          label={t('estimates.field.code')}
          value={f.code}
          onChange={(code) => setF({ ...f, code })}
          error={errors.code}
          data-testid="pdc-code"
        />
        <TextField
          label={t('estimates.field.name')}
          value={f.name}
          onChange={(name) => setF({ ...f, name })}
          error={errors.name}
          data-testid="pdc-name"
        />
        <TextField
          label={t('estimates.field.unit')}
          value={f.unit}
          onChange={(unit) => setF({ ...f, unit })}
          error={errors.unit}
          data-testid="pdc-unit"
        />
      </div>
    </FormDialog>
  );
}

/** Sets a price of a pdc resource from a day on, in a region or for every region. */
function PriceDialog({ resource, onClose }: { resource: PdcResource; onClose: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const [f, setF] = useState({ price: '', validFrom: new Date().toISOString().slice(0, 10), region: '' });
  const { errors, options } = useIssues();
  const setPrice = trpc.estimates.pdc.setPrice.useMutation({
    ...options,
    onSuccess: () => {
      void utils.estimates.pdc.list.invalidate();
      onClose();
    },
  });
  return (
    <FormDialog
      title={t('estimates.price_of', { name: resource.name })}
      submitLabel={t('common.save')}
      busy={setPrice.isPending}
      testId="price-dialog"
      onClose={onClose}
      onSubmit={() =>
        setPrice.mutate({
          spaceId,
          pdcResourceId: resource.id,
          price: decimal(f.price),
          validFrom: f.validFrom,
          ...(f.region.trim() ? { region: f.region.trim() } : {}),
        })
      }
    >
      <div className="estimate-form-grid">
        <TextField
          label={t('estimates.field.price')}
          value={f.price}
          onChange={(price) => setF({ ...f, price })}
          error={errors.price}
          inputMode="decimal"
          data-testid="price-value"
        />
        <TextField
          label={t('estimates.field.valid_from')}
          type="date"
          value={f.validFrom}
          onChange={(validFrom) => setF({ ...f, validFrom })}
          error={errors.validFrom}
        />
        <TextField
          label={t('estimates.field.region')}
          value={f.region}
          onChange={(region) => setF({ ...f, region })}
          error={errors.region}
        />
      </div>
    </FormDialog>
  );
}
