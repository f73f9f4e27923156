import { COEFFICIENT_KIND_IDS, COEFFICIENT_TARGET_IDS } from '@takt/contracts';
import { Fragment, useState } from 'react';
import { numHead, PlainTable } from '../../components/table';
import { Badge, Button, Empty, SelectField, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import type { EstimateView } from './api';
import { money, quantity } from './format';

/** The coefficients of the estimate, and of the chosen line the order every coefficient applied to it in. */
export function CoefficientsPanel({
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
export function CompliancePanel({ data, editable }: { data: EstimateView; editable: boolean }) {
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
