import { Link } from 'wouter';
import { Card, Empty, PageHeader } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { Dashboard } from './Dashboard';
import { Figures } from './figures';
import { day, num, scheduleLink } from './scope';
import { DeadlinesTable } from './widgets-tables';
import './analytics.css';

/**
 * Home: the member's own programme across the space's schedules — the works they execute or curate, their
 * deadlines of the next two weeks, the timesheet days waiting for their decision — then the space's
 * dashboard.
 */
export function HomePage() {
  const t = useT();
  const { spaceId } = useSpace();
  const home = trpc.analytics.home.useQuery({ spaceId });
  const data = home.data;
  return (
    <div className="page" data-testid="home-page">
      <PageHeader title={t('screen.home')} subtitle={t('home.subtitle')} />
      <Figures of={home} empty={false}>
        {data && (
          <>
            <div className="analytics-tiles home-tiles" data-testid="home-tiles">
              {(['open', 'inProgress', 'executing', 'curating'] as const).map((key) => (
                <div className="stat" key={key}>
                  <div className="stat-label">{t(`home.works.${key}`)}</div>
                  <div className="stat-value">{num(data.works[key], 0)}</div>
                </div>
              ))}
            </div>
            <div className="home-section">
              <Card title={t('home.deadlines', { days: data.days })}>
                <DeadlinesTable deadlines={data.deadlines} testId="home-deadlines" />
              </Card>
              <Card title={t('home.approvals')}>
                {data.approvals.length ? (
                  <table className="table analytics-table" data-testid="home-approvals">
                    <thead>
                      <tr>
                        <th>{t('home.approvals.who')}</th>
                        <th>{t('analytics.schedule')}</th>
                        <th className="num">{t('home.approvals.days')}</th>
                        <th className="num">{t('home.approvals.hours')}</th>
                        <th>{t('home.approvals.since')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.approvals.map((a) => (
                        <tr key={`${a.versionId}:${a.userId}`}>
                          <td>{a.user}</td>
                          <td>
                            <Link href={scheduleLink(a)}>{a.schedule}</Link>
                          </td>
                          <td className="num">{num(a.days, 0)}</td>
                          <td className="num">{num(a.hours, 1)}</td>
                          <td>{day(a.firstDate)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : (
                  <Empty>{t('home.approvals.none')}</Empty>
                )}
              </Card>
            </div>
          </>
        )}
      </Figures>
      <Dashboard scope={{ level: 'space', id: spaceId }} title={t('home.space_dashboard')} />
    </div>
  );
}
