import { useState } from 'react';
import { numHead, PlainTable } from '../../components/table';
import { Badge, Empty, SelectField, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import type { EstimateView } from './api';
import { money, quantity } from './format';

const signed = (x: number) => `${x > 0 ? '+' : ''}${money(x)}`;
const deltaClass = (x: number) =>
  x > 0 ? 'num estimate-delta-up' : x < 0 ? 'num estimate-delta-down' : 'num';

/**
 * Two versions of an estimate compared line by line: this version against another (the one before by default),
 * the totals of both and their difference, and each line added, removed or changed with its quantities and totals.
 */
export function ComparePanel({ data }: { data: EstimateView }) {
  const t = useT();
  const { spaceId } = useSpace();
  const e = data.estimate;
  const others = data.versions.filter((v) => v.id !== e.id);
  const before = [...others].reverse().find((v) => v.number < e.number) ?? others[0];
  const [otherId, setOtherId] = useState(before?.id ?? '');
  const other = others.find((v) => v.id === otherId);
  // The older version is "before", so that a difference reads as what changed since.
  const [from, to] = other && other.number > e.number ? [e.id, other.id] : [otherId, e.id];
  const compare = trpc.estimates.compare.useQuery(
    { spaceId, estimateId: from, otherEstimateId: to },
    { enabled: !!other },
  );
  if (!other) return <Empty>{t('estimates.compare_same')}</Empty>;
  const result = compare.data;
  return (
    <div className="estimate-compare" data-testid="estimate-compare">
      <div className="estimate-compare-head">
        <SelectField
          label={t('estimates.compare_with')}
          value={otherId}
          onChange={setOtherId}
          data-testid="compare-version"
          options={others.map((v) => ({
            value: v.id,
            label: t('estimates.version_n', { number: v.number }),
          }))}
        />
        {result && (
          <dl>
            <div>
              <dt>{t('estimates.version_n', { number: result.before.number })}</dt>
              <dd>
                {money(result.before.total)} {e.currency}
              </dd>
            </div>
            <div>
              <dt>{t('estimates.version_n', { number: result.after.number })}</dt>
              <dd>
                {money(result.after.total)} {e.currency}
              </dd>
            </div>
            <div>
              <dt>{t('estimates.compare_delta')}</dt>
              <dd className={deltaClass(result.delta)} data-testid="compare-delta">
                {signed(result.delta)} {e.currency}
              </dd>
            </div>
          </dl>
        )}
      </div>
      {!result ? (
        <Spinner />
      ) : result.lines.length === 0 ? (
        <Empty>{t('estimates.compare_same')}</Empty>
      ) : (
        <PlainTable
          testId="compare-table"
          heads={[
            '',
            t('estimates.field.code'),
            t('estimates.field.name'),
            numHead(t('estimates.compare.quantity_before')),
            numHead(t('estimates.compare.quantity_after')),
            numHead(t('estimates.compare.total_before')),
            numHead(t('estimates.compare.total_after')),
            numHead(t('estimates.compare.delta')),
          ]}
        >
          {result.lines.map((l, i) => (
            // Lines of two versions have no common id: their place in the answer is their key.
            // biome-ignore lint/suspicious/noArrayIndexKey: the comparison's rows are fixed for one answer
            <tr key={i}>
              <td>
                <Badge>{t(`estimates.compare.${l.status}`)}</Badge>
              </td>
              <td>{l.code}</td>
              <td>{l.name}</td>
              <td className="num">{l.quantityBefore === null ? '—' : quantity(l.quantityBefore)}</td>
              <td className="num">{l.quantityAfter === null ? '—' : quantity(l.quantityAfter)}</td>
              <td className="num">{money(l.totalBefore)}</td>
              <td className="num">{money(l.totalAfter)}</td>
              <td className={deltaClass(l.delta)}>{signed(l.delta)}</td>
            </tr>
          ))}
        </PlainTable>
      )}
    </div>
  );
}
