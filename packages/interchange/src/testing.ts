import ExcelJS from 'exceljs';
import { emptyProject, STANDARD_WEEK } from './common/model.js';
import { writeClndrData } from './xer/calendar-data.js';
import { writeXer } from './xer/write.js';

/** A generated local estimate of any size (sections of 50 lines, coefficients at every level), for benchmarks. */
export { sampleEstimate } from './estimate/sample.js';

/**
 * Small XER files written by hand, for tests of the readers and of the import through the server and the
 * browser: one project on a standard five-day calendar (08–12, 13–17), one WBS node, the given activities
 * (by default not-started 16-hour tasks) and finish-to-start relations. Values are written as given — a
 * test may put in exactly the faults a real export carries, which `writeXer` would never write.
 */
const CALENDAR_DATA = writeClndrData(STANDARD_WEEK, []);

export const SMALL_XER_TASK_FIELDS = [
  'task_id',
  'proj_id',
  'wbs_id',
  'clndr_id',
  'task_type',
  'duration_type',
  'status_code',
  'task_code',
  'task_name',
  'remain_drtn_hr_cnt',
  'target_drtn_hr_cnt',
  'cstr_type',
  'cstr_date',
  'early_start_date',
  'early_end_date',
] as const;

export type SmallXerTask = Partial<Record<(typeof SMALL_XER_TASK_FIELDS)[number], string>>;
export interface SmallXerRelation {
  id: string;
  task: string;
  pred: string;
}

/** One table: `%T`, `%F` and a `%R` line per record (values in the order of the fields). */
function table(name: string, fields: readonly string[], rows: Record<string, string>[]): string[] {
  return [
    `%T\t${name}`,
    `%F\t${fields.join('\t')}`,
    ...rows.map((r) => `%R\t${fields.map((f) => r[f] ?? '').join('\t')}`),
  ];
}

/**
 * The XER text (CRLF lines, as P6 writes them). `project` is the project's short name; `null` leaves the
 * PROJECT table out.
 */
export function smallXer(
  project: string | null,
  tasks: SmallXerTask[],
  relations: SmallXerRelation[] = [],
): string {
  const lines = [
    'ERMHDR\t8.2.0\t2024-01-05\tProject\tadmin\tAdmin\tdb\tProject Management\tEUR',
    ...(project === null
      ? []
      : table(
          'PROJECT',
          ['proj_id', 'proj_short_name', 'clndr_id', 'plan_start_date', 'last_recalc_date'],
          [
            {
              proj_id: '1',
              proj_short_name: project,
              clndr_id: '10',
              plan_start_date: '2024-01-08 08:00',
              last_recalc_date: '2024-01-08 08:00',
            },
          ],
        )),
    ...table(
      'CALENDAR',
      ['clndr_id', 'default_flag', 'clndr_name', 'proj_id', 'clndr_type', 'day_hr_cnt', 'clndr_data'],
      [
        {
          clndr_id: '10',
          default_flag: 'Y',
          clndr_name: 'Standard',
          proj_id: '1',
          clndr_type: 'CA_Project',
          day_hr_cnt: '8',
          clndr_data: CALENDAR_DATA,
        },
      ],
    ),
    ...table(
      'PROJWBS',
      ['wbs_id', 'proj_id', 'proj_node_flag', 'wbs_short_name', 'wbs_name', 'parent_wbs_id'],
      [{ wbs_id: '100', proj_id: '1', proj_node_flag: 'N', wbs_short_name: 'LINE', wbs_name: 'Line' }],
    ),
    ...table(
      'TASK',
      SMALL_XER_TASK_FIELDS,
      tasks.map((task) => ({
        proj_id: '1',
        wbs_id: '100',
        clndr_id: '10',
        task_type: 'TT_Task',
        duration_type: 'DT_FixedDrtn',
        status_code: 'TK_NotStart',
        remain_drtn_hr_cnt: '16',
        target_drtn_hr_cnt: '16',
        ...task,
      })),
    ),
    ...table(
      'TASKPRED',
      ['task_pred_id', 'task_id', 'pred_task_id', 'proj_id', 'pred_proj_id', 'pred_type', 'lag_hr_cnt'],
      relations.map((r) => ({
        task_pred_id: r.id,
        task_id: r.task,
        pred_task_id: r.pred,
        proj_id: '1',
        pred_proj_id: '1',
        pred_type: 'PR_FS',
        lag_hr_cnt: '0',
      })),
    ),
    '%E',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Three activities and two relations with the problems P6 still opens a file with: an absurd planned
 * duration (P6 schedules on the remaining one), a constraint type P6 does not define, and a relation to
 * an activity that is not in the file.
 */
export const PROBLEM_XER_TASKS: SmallXerTask[] = [
  { task_id: '1001', task_code: 'A1000', task_name: 'Mobilisation' },
  { task_id: '1002', task_code: 'A1010', task_name: 'Track laying', target_drtn_hr_cnt: '5469776' },
  {
    task_id: '1003',
    task_code: 'A1020',
    task_name: 'Signalling',
    cstr_type: 'CS_Whenever',
    cstr_date: '2024-01-15 08:00',
  },
];
export const PROBLEM_XER_RELATIONS: SmallXerRelation[] = [
  { id: '5001', task: '1002', pred: '1001' },
  { id: '5002', task: '1003', pred: '9999' },
];

/**
 * A small Excel workbook for tests of report templates: cells by address (`A1`) with their values, merged
 * ranges, bold cells and column widths, on one sheet (or more, by `Sheet!A1` addresses).
 */
export async function templateXlsx(
  cells: Record<string, string | number>,
  options: { merges?: string[]; bold?: string[]; widths?: number[] } = {},
): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const sheet = (name: string) => wb.getWorksheet(name) ?? wb.addWorksheet(name);
  const at = (address: string): [ExcelJS.Worksheet, string] => {
    const [name, cell] = address.includes('!') ? address.split('!') : ['Report', address];
    return [sheet(name!), cell!];
  };
  sheet('Report');
  for (const [address, value] of Object.entries(cells)) {
    const [ws, cell] = at(address);
    ws.getCell(cell).value = value;
  }
  for (const address of options.bold ?? []) {
    const [ws, cell] = at(address);
    ws.getCell(cell).font = { bold: true };
  }
  for (const range of options.merges ?? []) {
    const [ws, cells] = at(range);
    ws.mergeCells(cells);
  }
  options.widths?.forEach((w, i) => {
    sheet('Report').getColumn(i + 1).width = w;
  });
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

/**
 * An XER of `count` not-started activities in chains of 100 under 10 WBS nodes, as P6 writes it, for the
 * import tests of the server and the browser; `movedDates` records early dates for the first activity that
 * its calculation will not give (the import then asks which to keep).
 */
export function generatedXer(count: number, movedDates = false): string {
  const p = emptyProject('xer', 'p6');
  p.code = 'GEN';
  p.name = 'Generated';
  p.start = '2024-01-08T08:00';
  p.defaultCalendarId = 'c1';
  p.calendars = [{ id: 'c1', name: 'Standard', week: STANDARD_WEEK, exceptions: [], hoursPerDay: 8 }];
  for (let w = 0; w < 10; w++)
    p.wbs.push({ id: `wbs:${w}`, parentId: null, code: `W${w}`, name: `Block ${w}` });
  for (let i = 0; i < count; i++) {
    p.activities.push({
      id: String(i + 1),
      code: `A${i + 1}`,
      name: `Activity ${i + 1}`,
      wbsId: `wbs:${i % 10}`,
      parentId: null,
      type: 'task',
      calendarId: 'c1',
      durationMinutes: 480,
      recorded: {},
      codes: {},
      udfs: {},
    });
    if (i % 100 !== 0)
      p.relations.push({
        id: `r${i}`,
        predecessorId: String(i),
        successorId: String(i + 1),
        type: 'fs',
        lagMinutes: 0,
      });
  }
  if (movedDates)
    p.activities[0]!.recorded = { earlyStart: '2024-03-04T08:00', earlyFinish: '2024-03-04T17:00' };
  return [...writeXer(p)].join('');
}
