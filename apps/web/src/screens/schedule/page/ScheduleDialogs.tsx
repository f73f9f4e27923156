import { compiledCalendarsOf } from '../../../lib/schedule-calendars';
import { isoToMinutes } from '../../../lib/schedule-time';
import { PrintDialog } from '../../print/PrintDialog';
import { BulkEditDialog } from '../BulkEditDialog';
import type { ScheduleData } from './useScheduleData';

/** The dialogs the page hosts: the print preview and the bulk edit of the selected rows. */
export function ScheduleDialogs({
  scheduleId,
  data,
  readOnly,
  printOpen,
  onClosePrint,
  bulkOpen,
  onCloseBulk,
  selectedRows,
  onChanged,
}: {
  scheduleId: string;
  data: ScheduleData;
  readOnly: boolean;
  printOpen: boolean;
  onClosePrint: () => void;
  bulkOpen: boolean;
  onCloseBulk: () => void;
  selectedRows: () => number[];
  onChanged: () => void;
}) {
  const { model, version, calendarHours, details, calendars, members, attributes } = data;
  return (
    <>
      {printOpen && model && version && (
        <PrintDialog
          scheduleId={scheduleId}
          versionId={version.id}
          versionName={version.name}
          dataDate={isoToMinutes(version.dataDate)}
          hoursPerDay={calendarHours}
          // the version calendar's non-working time shaded, as in the PDF
          calendar={compiledCalendarsOf(model).default}
          model={model}
          details={details.byId}
          onClose={onClosePrint}
        />
      )}
      {bulkOpen && model && version && !readOnly && (
        <BulkEditDialog
          model={model}
          rows={selectedRows()}
          versionId={version.id}
          hoursPerDay={calendarHours}
          calendars={calendars.data ?? []}
          members={members.data ?? []}
          attributes={attributes.data ?? []}
          onClose={onCloseBulk}
          onDone={onChanged}
        />
      )}
    </>
  );
}
