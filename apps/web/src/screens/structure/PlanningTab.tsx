import { ACTIVE_FLAG, VALIDITY_FLAG } from '@takt/contracts';
import { Link } from 'wouter';
import { PlainTable } from '../../components/table';
import { Badge } from '../../components/ui';
import { appI18n, useT } from '../../lib/i18n';
import { formatIso, formatNumber } from '../../lib/schedule-time';

/** A schedule's row of the planning tab, as the server's node-info call answers it. */
export interface PlanningRow {
  id: string;
  name: string;
  version: { id: string; name: string; number: number } | null;
  calcStatus: 'not_calculated' | 'calculated' | 'in_process';
  dataDate: string | null;
  start: string | null;
  finish: string | null;
  works: number;
  completed: number;
  critical: number;
  progress: number;
  valid: number;
  active: number;
}

/**
 * Where each schedule under the node stands (node info tab planning): its actual version, dates, progress
 * and works, its calculation, and the validity and active flags (states) as badges.
 */
export function PlanningTab({ rows }: { rows: PlanningRow[] }) {
  const t = useT();
  const day = (iso: string | null) => (iso ? formatIso(iso, false) : '—');
  return (
    <PlainTable
      testId="planning"
      heads={[
        t('planning.schedule'),
        t('planning.version'),
        t('planning.dates'),
        t('planning.data_date'),
        t('planning.progress'),
        t('planning.works'),
        t('planning.calculation'),
      ]}
    >
      {rows.map((r) => (
        <tr key={r.id} data-testid="planning-row">
          <td>
            <Link href={`/schedule/${r.id}`}>{r.name}</Link>
          </td>
          <td>{r.version ? r.version.name : t('planning.no_version')}</td>
          <td>
            {day(r.start)} – {day(r.finish)}
          </td>
          <td>{day(r.dataDate)}</td>
          <td>{formatNumber(r.progress, appI18n.locale)} %</td>
          <td>
            {t('planning.works_value', {
              works: r.works,
              completed: r.completed,
              critical: r.critical,
            })}
          </td>
          <td className="planning-flags">
            <span>{t(`planning.status.${r.calcStatus}`)}</span>{' '}
            <span
              title={t(r.valid === VALIDITY_FLAG.valid ? 'planning.valid_hint' : 'planning.not_valid_hint')}
            >
              <Badge tone={r.valid === VALIDITY_FLAG.valid ? 'accent' : 'warn'}>
                {t(r.valid === VALIDITY_FLAG.valid ? 'planning.valid' : 'planning.not_valid')}
              </Badge>
            </span>{' '}
            <span
              title={t(r.active === ACTIVE_FLAG.active ? 'planning.active_hint' : 'planning.disabled_hint')}
            >
              <Badge>{t(r.active === ACTIVE_FLAG.active ? 'planning.active' : 'planning.disabled')}</Badge>
            </span>
          </td>
        </tr>
      ))}
    </PlainTable>
  );
}
