import { useState } from 'react';
import { numHead, PlainTable } from '../../components/table';
import { Badge, Empty, PageHeader, Spinner, Tabs } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { appI18n, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { money, quantity } from './format';
import './estimates.css';

/** The directories of estimating (route /estimate-directories): measures with their conversions, and the pdc. */
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
  const { spaceId } = useSpace();
  const list = trpc.estimates.measures.list.useQuery({ spaceId });
  if (!list.data) return <Spinner />;
  const ru = appI18n.locale === 'ru';
  const byId = new Map(list.data.map((m) => [m.id, m]));
  return (
    <PlainTable
      testId="measures-table"
      heads={[
        t('estimates.field.code'),
        t('estimates.symbol'),
        t('estimates.field.name'),
        t('estimates.conversion'),
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
          </tr>
        );
      })}
    </PlainTable>
  );
}

function Pdc() {
  const t = useT();
  const { spaceId } = useSpace();
  const list = trpc.estimates.pdc.list.useQuery({ spaceId, limit: 200 });
  if (!list.data) return <Spinner />;
  if (list.data.items.length === 0) return <Empty>{t('estimates.pdc_empty')}</Empty>;
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
      ]}
    >
      {list.data.items.map((r) => (
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
        </tr>
      ))}
    </PlainTable>
  );
}
