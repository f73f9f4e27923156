import { numHead, PlainTable } from '../../components/table';
import { Badge } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { quantityText } from './format';

type Row = Record<string, unknown>;
const num = (value: unknown) => quantityText(Number(value ?? 0));
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The node info tabs of resources (screens and routes) for a schedule node's actual version: daily planning (rows in
 * planning with today's plan and fact), timesheets (hours per user and work) and assignments.
 */
export function ResourceNodeTab({
  tab,
  rows,
}: {
  tab: 'daily_planning' | 'timesheets' | 'assignments';
  rows: Row[];
}) {
  const t = useT();
  if (tab === 'daily_planning')
    return (
      <PlainTable
        heads={[
          t('leveling.work'),
          numHead(t('wdp.volume')),
          numHead(t('node_info.wdp_planned')),
          numHead(t('wdp.done')),
          numHead(t('node_info.wdp_today')),
        ]}
        testId="node-daily-planning"
      >
        {rows.map((r) => {
          const today = (r.values as { planVolume: number | null; factVolume: number | null }[])[0];
          return (
            <tr key={text(r.workId)}>
              <td>
                {text(r.code)} {text(r.name)}
              </td>
              <td className="num">
                {r.planVolume === null ? '' : num(r.planVolume)} {text(r.unit)}
              </td>
              <td className="num">{num(r.plannedTotal)}</td>
              <td className="num">{num(r.factTotal)}</td>
              <td className="num">
                {today ? `${quantityText(today.planVolume)} / ${quantityText(today.factVolume)}` : ''}
              </td>
            </tr>
          );
        })}
      </PlainTable>
    );
  if (tab === 'timesheets')
    return (
      <PlainTable
        heads={[
          t('resources.executor'),
          t('leveling.work'),
          numHead(t('node_info.hours')),
          numHead(t('timesheet.status.submitted')),
          numHead(t('timesheet.status.approved')),
        ]}
        testId="node-timesheets"
      >
        {rows.map((r) => (
          <tr key={text(r.id)}>
            <td>{`${text(r.lastName)} ${text(r.firstName)}`.trim() || text(r.login)}</td>
            <td>
              {text(r.code)} {text(r.name)}
            </td>
            <td className="num">{num(r.hours)}</td>
            <td className="num">{num(r.submitted)}</td>
            <td className="num">{num(r.approved)}</td>
          </tr>
        ))}
      </PlainTable>
    );
  return (
    <PlainTable
      heads={[
        t('leveling.work'),
        t('assignment.resource'),
        numHead(t('assignment.planQuantity')),
        numHead(t('assignment.factQuantity')),
        t('assignment.distribution'),
      ]}
      testId="node-assignments"
    >
      {rows.map((r) => (
        <tr key={text(r.id)}>
          <td>
            {text(r.workCode)} {text(r.workName)}
          </td>
          <td>
            {text(r.resourceCode)} {text(r.resourceName)}{' '}
            <Badge>{t(`resources.kind.${r.kind as 'labour'}`)}</Badge>
          </td>
          <td className="num">
            {num(r.planQuantity)} {text(r.unit)}
          </td>
          <td className="num">{r.factQuantity === null ? '' : num(r.factQuantity)}</td>
          <td>
            {r.reserved
              ? t(`assignment.reserved.${r.reserved as 'by_date'}`)
              : t(`assignment.distribution.${r.distribution as 'evenly'}`)}
          </td>
        </tr>
      ))}
    </PlainTable>
  );
}
