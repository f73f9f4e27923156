import type { Status } from './timeline';

/** The line under the timeline: what a gesture would do, what was saved, why something is refused. */
export function GanttStatusLine({ status }: { status: Status }) {
  return (
    <div className={`gantt-status gantt-status-${status.tone}`} role="status" data-testid="gantt-status">
      {status.text}
    </div>
  );
}
