import { Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';

const hours = (value: number | null) => (value === null ? '—' : value.toFixed(1));

/** A board's statistics: cards per column against the WIP limits, cycle time, and cards done per week. */
export function StatsPanel({ boardId }: { boardId: string }) {
  const t = useT();
  const { spaceId } = useSpace();
  const stats = trpc.kanban.boards.stats.useQuery({ spaceId, boardId });
  if (!stats.data) return <Spinner />;
  const { columns, cycleTime, throughput } = stats.data;
  const most = Math.max(1, ...throughput.map((w) => w.cards));
  return (
    <div className="kanban-stats" data-testid="kanban-stats-panel">
      <section>
        <h3 className="kanban-detail-heading">{t('kanban.stats.cards_per_column')}</h3>
        <table className="kanban-stats-table">
          <tbody>
            {columns.map((c) => (
              <tr key={c.columnId} className={c.overLimit ? 'kanban-wip-over' : undefined}>
                <th scope="row">{c.name}</th>
                <td>{c.wipLimit !== null ? `${c.cards} / ${c.wipLimit}` : c.cards}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h3 className="kanban-detail-heading">{t('kanban.stats.cycle_time')}</h3>
        <p>
          {cycleTime.cards === 0
            ? t('kanban.stats.cycle_none')
            : t('kanban.stats.cycle_value', {
                average: hours(cycleTime.averageHours),
                median: hours(cycleTime.medianHours),
                count: cycleTime.cards,
              })}
        </p>
      </section>
      <section>
        <h3 className="kanban-detail-heading">{t('kanban.stats.throughput')}</h3>
        <div className="kanban-throughput">
          {throughput.map((w) => (
            <div
              key={w.week}
              className="kanban-throughput-bar"
              title={`${t('kanban.stats.week', { date: w.week.split('-').reverse().join('.') })}: ${w.cards}`}
            >
              <span style={{ height: `${(100 * w.cards) / most}%` }} />
              <small>{w.cards}</small>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
