import { COEFFICIENT_KIND_IDS, COEFFICIENT_TARGET_IDS } from '@takt/contracts';
import { Fragment, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { FormDialog } from '../../components/dialog';
import { DownloadButton } from '../../components/download-button';
import { numHead, PlainTable } from '../../components/table';
import { Badge, Button, Empty, PageHeader, SelectField, Spinner, Tabs, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { type EstimateView, exportPath } from './api';
import { ComparePanel } from './ComparePanel';
import { money, quantity } from './format';
import './estimates.css';

type Line = EstimateView['lines'][number];
type Section = EstimateView['sections'][number];
type Pane = 'tree' | 'coefficients' | 'compliance' | 'compare';

/**
 * An estimate (route /estimates/{id}): its tree of sections and lines with totals, the coefficients and the
 * order they apply in, and the compliance view — which works of a schedule version each line feeds.
 */
export function EstimatePage({ params }: { params: { id: string } }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const [, navigate] = useLocation();
  const estimateId = params.id;
  const view = trpc.estimates.get.useQuery({ spaceId, estimateId });
  const utils = trpc.useUtils();
  const refresh = () => utils.estimates.get.invalidate({ spaceId, estimateId });
  const recalculate = trpc.estimates.recalculate.useMutation({ onSuccess: () => refresh() });
  const newVersion = trpc.estimates.newVersion.useMutation({
    onSuccess: (v) => navigate(`/estimates/${v.estimate.id}`),
  });
  const [pane, setPane] = useState<Pane>('tree');
  const [selected, setSelected] = useState<string | null>(null);
  if (view.isLoading || !view.data) return <Spinner />;
  const data = view.data;
  const e = data.estimate;
  const edit = can('estimates.edit');
  return (
    <div className="estimate-page" data-testid="estimate-page">
      <PageHeader
        title={`${e.code ? `${e.code} ` : ''}${e.name}`}
        subtitle={
          <>
            <Badge>{t(`estimates.kind.${e.kind}`)}</Badge> {e.nodeName} ·{' '}
            {t('estimates.version_of', { number: e.number, count: data.versions.length })}
          </>
        }
        actions={
          <>
            {data.versions.length > 1 && (
              <select
                className="input select estimate-version-select"
                aria-label={t('estimates.field.version')}
                value={e.id}
                onChange={(ev) => navigate(`/estimates/${ev.target.value}`)}
              >
                {data.versions.map((v) => (
                  <option key={v.id} value={v.id}>
                    {t('estimates.version_n', { number: v.number })}
                  </option>
                ))}
              </select>
            )}
            {edit && (
              <Button
                busy={recalculate.isPending}
                onClick={() => recalculate.mutate({ spaceId, estimateId })}
              >
                {t('estimates.recalculate')}
              </Button>
            )}
            {edit && (
              <Button busy={newVersion.isPending} onClick={() => newVersion.mutate({ spaceId, estimateId })}>
                {t('estimates.new_version')}
              </Button>
            )}
            <DownloadButton
              className="btn btn-secondary"
              path={exportPath(spaceId, estimateId, 'xlsx')}
              name={`${e.name}.xlsx`}
            >
              XLSX
            </DownloadButton>
            <DownloadButton
              className="btn btn-secondary"
              path={exportPath(spaceId, estimateId, 'pdf')}
              name={`${e.name}.pdf`}
            >
              PDF
            </DownloadButton>
            <Link href="/estimate-directories" className="btn btn-ghost">
              {t('estimates.directories')}
            </Link>
          </>
        }
      />
      <dl className="estimate-totals" data-testid="estimate-totals">
        {(['labour', 'machines', 'materials', 'total'] as const).map((k) => (
          <div key={k}>
            <dt>{t(`estimates.part.${k}`)}</dt>
            <dd>
              {money(data.totals[k])} {e.currency}
            </dd>
          </div>
        ))}
        <div>
          <dt>{t('estimates.part.labourHours')}</dt>
          <dd>{money(data.totals.labourHours)}</dd>
        </div>
      </dl>
      <Tabs
        label={t('estimates.panes')}
        tabs={(['tree', 'coefficients', 'compliance', 'compare'] as const)
          .filter((p) => p !== 'compliance' || e.kind !== 'ssr')
          .filter((p) => p !== 'compare' || data.versions.length > 1)
          .map((key) => ({ key, label: t(`estimates.pane.${key}`) }))}
        active={pane}
        onChange={setPane}
      />
      {pane === 'tree' && (
        <>
          {data.chapters.length > 0 && <Chapters data={data} />}
          <TreeGrid
            data={data}
            selected={selected}
            onSelect={setSelected}
            onChanged={refresh}
            editable={edit}
          />
        </>
      )}
      {pane === 'coefficients' && (
        <CoefficientsPanel data={data} selected={selected} onChanged={refresh} editable={edit} />
      )}
      {pane === 'compliance' && <CompliancePanel data={data} editable={edit} />}
      {pane === 'compare' && data.versions.length > 1 && <ComparePanel key={e.id} data={data} />}
    </div>
  );
}

function Chapters({ data }: { data: EstimateView }) {
  const t = useT();
  return (
    <PlainTable
      testId="estimate-chapters"
      heads={[t('estimates.field.chapter'), t('estimates.field.name'), numHead(t('estimates.part.total'))]}
    >
      {data.chapters.map((c) => (
        <tr key={c.chapter}>
          <td>{c.chapter}</td>
          <td>{c.name}</td>
          <td className="num">{money(c.totals.total)}</td>
        </tr>
      ))}
    </PlainTable>
  );
}

/** Sections in tree order, each followed by its own lines (lines come before sub-sections, as they figure). */
function treeRows(data: EstimateView): ({ section: Section } | { line: Line; depth: number })[] {
  const bySection = new Map<string, Line[]>();
  for (const l of data.lines) bySection.set(l.sectionId, [...(bySection.get(l.sectionId) ?? []), l]);
  return data.sections.flatMap((section) => [
    { section },
    ...(bySection.get(section.id) ?? []).map((line) => ({ line, depth: section.depth + 1 })),
  ]);
}

function TreeGrid({
  data,
  selected,
  onSelect,
  onChanged,
  editable,
}: {
  data: EstimateView;
  selected: string | null;
  onSelect: (id: string) => void;
  onChanged: () => void;
  editable: boolean;
}) {
  const t = useT();
  const rows = useMemo(() => treeRows(data), [data]);
  const [adding, setAdding] = useState<'section' | 'line' | null>(null);
  const selectedSection =
    data.sections.find((s) => s.id === selected)?.id ?? data.lines.find((l) => l.id === selected)?.sectionId;
  return (
    <div className="estimate-tree">
      {editable && (
        <div className="estimates-tab-actions">
          <Button onClick={() => setAdding('section')} data-testid="estimate-add-section">
            + {t('estimates.add_section')}
          </Button>
          <Button
            onClick={() => setAdding('line')}
            disabled={!selectedSection}
            data-testid="estimate-add-line"
            title={selectedSection ? undefined : t('estimates.choose_section')}
          >
            + {t('estimates.add_line')}
          </Button>
        </div>
      )}
      {rows.length === 0 ? (
        <Empty>{t('estimates.empty_tree')}</Empty>
      ) : (
        <PlainTable
          testId="estimate-tree"
          className="estimate-grid"
          heads={[
            t('estimates.field.number'),
            t('estimates.field.code'),
            t('estimates.field.name'),
            t('estimates.field.unit'),
            numHead(t('estimates.field.quantity')),
            numHead(t('estimates.part.labour')),
            numHead(t('estimates.part.machines')),
            numHead(t('estimates.part.materials')),
            numHead(t('estimates.part.total')),
            numHead(t('estimates.part.labourHours')),
          ]}
        >
          {rows.map((row) =>
            'section' in row ? (
              <tr
                key={row.section.id}
                className={`estimate-section-row${selected === row.section.id ? ' selected' : ''}`}
                onClick={() => onSelect(row.section.id)}
              >
                <td>{row.section.chapter ?? row.section.code ?? ''}</td>
                <td colSpan={4} style={{ paddingLeft: `${0.5 + row.section.depth * 1.2}rem` }}>
                  {row.section.name}
                </td>
                <td className="num">{money(row.section.totals.labour)}</td>
                <td className="num">{money(row.section.totals.machines)}</td>
                <td className="num">{money(row.section.totals.materials)}</td>
                <td className="num">{money(row.section.totals.total)}</td>
                <td className="num">{money(row.section.totals.labourHours)}</td>
              </tr>
            ) : (
              <tr
                key={row.line.id}
                className={`estimate-line-row${selected === row.line.id ? ' selected' : ''}`}
                onClick={() => onSelect(row.line.id)}
                data-testid="estimate-line"
              >
                <td>{row.line.number ?? ''}</td>
                <td className="estimate-code">{row.line.code}</td>
                <td style={{ paddingLeft: `${0.5 + row.depth * 1.2}rem` }}>
                  {row.line.sourceName ?? row.line.name}
                  {row.line.applied.length > 0 && (
                    <span className="estimate-coef-mark" title={t('estimates.has_coefficients')}>
                      {' '}
                      K×{row.line.applied.length}
                    </span>
                  )}
                </td>
                <td>{row.line.unit}</td>
                <td className="num">{quantity(row.line.quantity)}</td>
                <td className="num">{money(row.line.totals.labour)}</td>
                <td className="num">{money(row.line.totals.machines)}</td>
                <td className="num">{money(row.line.totals.materials)}</td>
                <td className="num">{money(row.line.totals.total)}</td>
                <td className="num">{money(row.line.totals.labourHours)}</td>
              </tr>
            ),
          )}
        </PlainTable>
      )}
      {adding === 'section' && (
        <SectionDialog
          estimateId={data.estimate.id}
          parentSectionId={selectedSection ?? null}
          onClose={() => setAdding(null)}
          onDone={onChanged}
        />
      )}
      {adding === 'line' && selectedSection && (
        <LineDialog sectionId={selectedSection} onClose={() => setAdding(null)} onDone={onChanged} />
      )}
    </div>
  );
}

function SectionDialog({
  estimateId,
  parentSectionId,
  onClose,
  onDone,
}: {
  estimateId: string;
  parentSectionId: string | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [nested, setNested] = useState(false);
  const create = trpc.estimates.sections.create.useMutation({
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  return (
    <FormDialog
      title={t('estimates.add_section')}
      submitLabel={t('estimates.add_section')}
      busy={create.isPending}
      onClose={onClose}
      onSubmit={() =>
        create.mutate({ spaceId, estimateId, name, code, parentSectionId: nested ? parentSectionId : null })
      }
    >
      <TextField
        label={t('estimates.field.name')}
        value={name}
        onChange={setName}
        data-testid="section-name"
      />
      <TextField label={t('estimates.field.code')} value={code} onChange={setCode} />
      {parentSectionId && (
        <label className="checkbox">
          <input type="checkbox" checked={nested} onChange={(e) => setNested(e.target.checked)} />{' '}
          {t('estimates.nested_section')}
        </label>
      )}
    </FormDialog>
  );
}

function LineDialog({
  sectionId,
  onClose,
  onDone,
}: {
  sectionId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [f, setF] = useState({
    code: '',
    name: '',
    unit: '',
    quantity: '',
    labour: '',
    machines: '',
    materials: '',
  });
  const set = (k: keyof typeof f) => (v: string) => setF({ ...f, [k]: v });
  const num = (v: string) => Number(v.replace(',', '.')) || 0;
  const create = trpc.estimates.lines.create.useMutation({
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  return (
    <FormDialog
      title={t('estimates.add_line')}
      submitLabel={t('estimates.add_line')}
      busy={create.isPending}
      wide
      onClose={onClose}
      onSubmit={() =>
        create.mutate({
          spaceId,
          estimateSectionId: sectionId,
          code: f.code,
          name: f.name,
          unit: f.unit,
          quantity: num(f.quantity),
          unitCost: { labour: num(f.labour), machines: num(f.machines), materials: num(f.materials) },
        })
      }
    >
      <div className="estimate-form-grid">
        <TextField label={t('estimates.field.code')} value={f.code} onChange={set('code')} />
        <TextField
          label={t('estimates.field.name')}
          value={f.name}
          onChange={set('name')}
          data-testid="line-name"
        />
        <TextField label={t('estimates.field.unit')} value={f.unit} onChange={set('unit')} />
        <TextField
          label={t('estimates.field.quantity')}
          value={f.quantity}
          onChange={set('quantity')}
          inputMode="decimal"
          data-testid="line-quantity"
        />
        <TextField
          label={t('estimates.unit_cost.labour')}
          value={f.labour}
          onChange={set('labour')}
          inputMode="decimal"
        />
        <TextField
          label={t('estimates.unit_cost.machines')}
          value={f.machines}
          onChange={set('machines')}
          inputMode="decimal"
        />
        <TextField
          label={t('estimates.unit_cost.materials')}
          value={f.materials}
          onChange={set('materials')}
          inputMode="decimal"
          data-testid="line-materials"
        />
      </div>
    </FormDialog>
  );
}

/** The coefficients of the estimate, and of the chosen line the order every coefficient applied to it in. */
function CoefficientsPanel({
  data,
  selected,
  onChanged,
  editable,
}: {
  data: EstimateView;
  selected: string | null;
  onChanged: () => void;
  editable: boolean;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const line = data.lines.find((l) => l.id === selected);
  const section = data.sections.find((s) => s.id === selected);
  const owner = line ? { estimateLineId: line.id } : section ? { estimateSectionId: section.id } : {};
  const own = data.coefficients.filter((c) =>
    line ? c.lineId === line.id : section ? c.sectionId === section.id : !c.lineId && !c.sectionId,
  );
  const [form, setForm] = useState({ name: '', value: '', kind: 'coefficient', target: 'all' });
  const create = trpc.estimates.coefficients.create.useMutation({ onSuccess: onChanged });
  const move = trpc.estimates.coefficients.move.useMutation({ onSuccess: onChanged });
  const remove = trpc.estimates.coefficients.delete.useMutation({ onSuccess: onChanged });
  const ownerName = line ? line.name : section ? section.name : t('estimates.whole_estimate');
  return (
    <div className="estimate-coefficients" data-testid="estimate-coefficients">
      <h3>{t('estimates.coefficients_of', { name: ownerName })}</h3>
      {own.length === 0 ? (
        <Empty>{t('estimates.no_coefficients')}</Empty>
      ) : (
        <PlainTable
          heads={[
            t('estimates.field.name'),
            t('estimates.field.kind'),
            t('estimates.field.target'),
            numHead(t('estimates.field.value')),
            '',
          ]}
        >
          {own.map((c) => (
            <tr key={c.id}>
              <td>{c.name}</td>
              <td>{t(`estimates.coefficient_kind.${c.kind}`)}</td>
              <td>{t(`estimates.target.${c.target}`)}</td>
              <td className="num">{quantity(c.value)}</td>
              <td>
                {editable && (
                  <>
                    <Button
                      variant="ghost"
                      onClick={() => move.mutate({ spaceId, costCoefficientId: c.id, direction: 'up' })}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="ghost"
                      onClick={() => move.mutate({ spaceId, costCoefficientId: c.id, direction: 'down' })}
                    >
                      ↓
                    </Button>
                    <Button
                      variant="ghost"
                      onClick={() => remove.mutate({ spaceId, costCoefficientId: c.id })}
                    >
                      ✕
                    </Button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </PlainTable>
      )}
      {editable && (
        <form
          className="estimate-coef-form"
          onSubmit={(ev) => {
            ev.preventDefault();
            create.mutate({
              spaceId,
              estimateId: data.estimate.id,
              ...owner,
              name: form.name,
              value: Number(form.value.replace(',', '.')),
              kind: form.kind as (typeof COEFFICIENT_KIND_IDS)[number],
              target: form.target as (typeof COEFFICIENT_TARGET_IDS)[number],
            });
          }}
        >
          <TextField
            label={t('estimates.field.name')}
            value={form.name}
            onChange={(name) => setForm({ ...form, name })}
          />
          <SelectField
            label={t('estimates.field.kind')}
            value={form.kind}
            onChange={(kind) => setForm({ ...form, kind })}
            options={COEFFICIENT_KIND_IDS.map((k) => ({
              value: k,
              label: t(`estimates.coefficient_kind.${k}`),
            }))}
          />
          <SelectField
            label={t('estimates.field.target')}
            value={form.target}
            onChange={(target) => setForm({ ...form, target })}
            options={COEFFICIENT_TARGET_IDS.map((k) => ({ value: k, label: t(`estimates.target.${k}`) }))}
          />
          <TextField
            label={t('estimates.field.value')}
            value={form.value}
            onChange={(value) => setForm({ ...form, value })}
            inputMode="decimal"
          />
          <Button variant="primary" type="submit" busy={create.isPending}>
            + {t('estimates.add_coefficient')}
          </Button>
        </form>
      )}
      {line && (
        <>
          <h3>{t('estimates.order_of_application', { name: line.name })}</h3>
          {line.applied.length === 0 ? (
            <Empty>{t('estimates.no_coefficients')}</Empty>
          ) : (
            <ol className="estimate-applied" data-testid="estimate-applied">
              {line.applied.map((a) => (
                <li key={`${a.level}-${a.sectionName ?? ''}-${a.name}-${a.value}`}>
                  <strong>× {quantity(a.value)}</strong> {a.name} — {t(`estimates.target.${a.target}`)},{' '}
                  {t(`estimates.level.${a.level}`)}
                  {a.sectionName ? ` «${a.sectionName}»` : ''}
                  {a.kind === 'index' ? ` (${t('estimates.coefficient_kind.index')})` : ''}
                </li>
              ))}
            </ol>
          )}
          <p className="estimate-hint">
            {t('estimates.direct_then_total', {
              direct: money(line.direct.labour + line.direct.machines + line.direct.materials),
              total: money(line.totals.total),
            })}
          </p>
        </>
      )}
      {!line && <p className="estimate-hint">{t('estimates.choose_line_hint')}</p>}
    </div>
  );
}

/** Which works each line feeds in a version; the rules and their application. */
function CompliancePanel({ data, editable }: { data: EstimateView; editable: boolean }) {
  const t = useT();
  const { spaceId } = useSpace();
  const estimateId = data.estimate.id;
  const [versionId, setVersionId] = useState(data.scheduleVersions[0]?.versionId ?? '');
  const rules = trpc.estimates.compliance.rules.useQuery({ spaceId, estimateId });
  const links = trpc.estimates.compliance.links.useQuery(
    { spaceId, estimateId, versionId },
    { enabled: !!versionId },
  );
  const utils = trpc.useUtils();
  const apply = trpc.estimates.compliance.applyRules.useMutation({
    onSuccess: (result) => {
      void utils.estimates.compliance.links.invalidate();
      notify(result.message ? 'info' : 'success', [
        t('estimates.applied', { links: result.linked, works: result.works }),
        ...(result.message ? [result.message] : []),
      ]);
    },
  });
  const addRule = trpc.estimates.compliance.createRule.useMutation({ onSuccess: () => rules.refetch() });
  const byLine = new Map<string, NonNullable<typeof links.data>>();
  for (const l of links.data ?? []) byLine.set(l.lineId, [...(byLine.get(l.lineId) ?? []), l]);
  return (
    <div className="estimate-compliance" data-testid="estimate-compliance">
      <div className="estimates-tab-actions">
        <SelectField
          label={t('estimates.schedule_version')}
          value={versionId}
          onChange={setVersionId}
          options={data.scheduleVersions.map((v) => ({
            value: v.versionId,
            label: `${v.schedule} — ${v.name}${v.actual ? ` (${t('estimates.actual')})` : ''}`,
          }))}
        />
        {editable && (
          <Button
            variant="primary"
            disabled={!versionId}
            busy={apply.isPending}
            onClick={() => apply.mutate({ spaceId, estimateId, versionId })}
            data-testid="compliance-apply"
          >
            {t('estimates.apply_rules')}
          </Button>
        )}
        {editable && (
          <Button
            onClick={() =>
              addRule.mutate({
                spaceId,
                estimateId,
                kind: 'volume_code',
                name: t('estimates.rule.volume_code'),
              })
            }
          >
            + {t('estimates.rule.volume_code')}
          </Button>
        )}
      </div>
      <h3>{t('estimates.rules')}</h3>
      {(rules.data ?? []).length === 0 ? (
        <Empty>{t('estimates.no_rules')}</Empty>
      ) : (
        <ul className="estimate-rules">
          {(rules.data ?? []).map((r) => (
            <li key={r.id}>
              <Badge>{t(`estimates.rule.${r.kind}`)}</Badge> {r.name}
              {'target' in r.rule && r.rule.target.kind === 'wbs'
                ? ` → ${r.rule.target.path.join(' / ')}`
                : ''}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('estimates.feeds')}</h3>
      <PlainTable
        testId="estimate-links"
        heads={[
          t('estimates.field.code'),
          t('estimates.field.name'),
          t('estimates.work'),
          numHead(t('estimates.volume')),
          numHead(t('estimates.part.total')),
          numHead(t('estimates.part.labourHours')),
        ]}
      >
        {data.lines
          .filter((l) => byLine.has(l.id))
          .map((l) => (
            <Fragment key={l.id}>
              {byLine.get(l.id)!.map((k, i) => (
                <tr key={k.id}>
                  <td>{i === 0 ? l.code : ''}</td>
                  <td>{i === 0 ? l.name : ''}</td>
                  <td>
                    {k.workCode ? `${k.workCode} ` : ''}
                    {k.workName}
                  </td>
                  <td className="num">{k.volume === null ? '—' : quantity(k.volume)}</td>
                  <td className="num">{money(k.cost)}</td>
                  <td className="num">{money(k.labourHours)}</td>
                </tr>
              ))}
            </Fragment>
          ))}
      </PlainTable>
    </div>
  );
}
