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
      <div className="table-wrap">
        <table className="table" data-testid="node-daily-planning">
          <thead>
            <tr>
              <th>{t('leveling.work')}</th>
              <th className="num">{t('wdp.volume')}</th>
              <th className="num">{t('node_info.wdp_planned')}</th>
              <th className="num">{t('wdp.done')}</th>
              <th className="num">{t('node_info.wdp_today')}</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </div>
    );
  if (tab === 'timesheets')
    return (
      <div className="table-wrap">
        <table className="table" data-testid="node-timesheets">
          <thead>
            <tr>
              <th>{t('resources.executor')}</th>
              <th>{t('leveling.work')}</th>
              <th className="num">{t('node_info.hours')}</th>
              <th className="num">{t('timesheet.status.submitted')}</th>
              <th className="num">{t('timesheet.status.approved')}</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </div>
    );
  return (
    <div className="table-wrap">
      <table className="table" data-testid="node-assignments">
        <thead>
          <tr>
            <th>{t('leveling.work')}</th>
            <th>{t('assignment.resource')}</th>
            <th className="num">{t('assignment.planQuantity')}</th>
            <th className="num">{t('assignment.factQuantity')}</th>
            <th>{t('assignment.distribution')}</th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </div>
  );
}
