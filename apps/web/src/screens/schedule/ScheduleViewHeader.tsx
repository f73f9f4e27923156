import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ScheduleVersion } from './useScheduleVersion';
import { VersionSelect } from './VersionSelect';

/**
 * The header of a view of a schedule (cyclogram, 3D model): a link back to the schedule, the view's
 * title, the version picker, a badge of the view's own, and an optional line under them.
 */
export function ScheduleViewHeader({
  scheduleId,
  view: { node, versionList, versionId, setVersion },
  back,
  title,
  badge,
  subtitle,
}: {
  scheduleId: string;
  view: ScheduleVersion;
  /** The link's text while the schedule's name is loading. */
  back: string;
  title: string;
  badge?: ReactNode;
  subtitle?: string;
}) {
  return (
    <header className="schedule-header">
      <div className="schedule-title">
        <Link href={`/schedule/${scheduleId}`} className="schedule-crumb">
          {node.data?.name ?? back}
        </Link>
        <h1 className="page-title">{title}</h1>
        {versionId && <VersionSelect versions={versionList} value={versionId} onChange={setVersion} />}
        {badge}
      </div>
      {subtitle && <p className="cyclogram-subtitle">{subtitle}</p>}
    </header>
  );
}
