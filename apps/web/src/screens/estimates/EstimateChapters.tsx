import { numHead, PlainTable } from '../../components/table';
import { useT } from '../../lib/i18n';
import type { EstimateView } from './api';
import { money } from './format';

/** A summary estimate's chapters with their totals. */
export function Chapters({ data }: { data: EstimateView }) {
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
