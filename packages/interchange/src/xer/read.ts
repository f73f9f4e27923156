/**
 * Primavera P6 XER reader. XER is tab-separated text: `ERMHDR` (version, export date, …), then per table
 * `%T name`, `%F field…` and `%R value…` rows, ending with `%E`. As P6 does, it opens files whose first
 * line is not the header (a BOM, blank lines, text before it, no header at all but `%T` tables), and a
 * record with a value it cannot take is read without that value (or with P6's default for it), each such
 * value reported in `problems`; a record without its id is left out, reported too. Lines are read one at a time from a
 * stream; only the tables a schedule needs are kept (PROJECT, CALENDAR, SCHEDOPTIONS, PROJWBS, TASK,
 * TASKPRED, ACTVTYPE/ACTVCODE/TASKACTV, UDFTYPE/UDFVALUE, RSRC/TASKRSRC). With several projects in one
 * file the first (or `projectId`) is read; relations to other projects are dropped with a warning.
 * Kept texts are copied off the decoded input, and each distinct date and hours text is parsed once
 * (`P6Values`): relations and assignments share their activities' id strings.
 *
 * This module reads the lines (header, `%T`, `%F`, `%R`, `%E`, and what is wrong with them) and puts the
 * project together at the end; each `%R` record goes to its table's handler in `tables.ts`.
 */
import { InterchangeError } from '../common/errors.js';
import { type ByteSource, chunksOf, decoderFor, type Encoding } from '../common/input.js';
import { emptyProject, type IxCalendar, type IxProject, STANDARD_WEEK } from '../common/model.js';
import { own } from '../common/p6-values.js';
import { finishRead } from '../common/validate.js';
import { parseClndrData } from './calendar-data.js';
import { type RawCalendar, XerReading } from './reading.js';
import { XER_TABLES, type XerTable } from './tables.js';

export interface XerReadOptions {
  encoding?: Encoding;
  /** proj_id or proj_short_name; default the first project. */
  projectId?: string;
}

export async function readXer(source: ByteSource, options: XerReadOptions = {}): Promise<IxProject> {
  const project = emptyProject('xer', 'p6');
  const reading = new XerReading(project, options.projectId);
  const { row, log } = reading;
  let table = '';
  /** The handler of the current table; undefined for the tables a schedule does not need. */
  let handler: XerTable | undefined;
  let fields: Map<string, number> = new Map();
  let fieldCount = 0;
  let sawHeader = false;
  let sawEnd = false;
  let lastLine = 0;
  /** Lines before the header or the first table that are neither (at most `MAX_LEAD_LINES`). */
  let leadLines = 0;
  let sawTable = false;
  let ignoreRest = false;

  const onLine = (line: number, raw: string): void => {
    lastLine = line;
    if (raw === '') return;
    let text = raw;
    if (text.includes('\0')) {
      text = text.replaceAll('\0', '');
      log.add('invalid_line', 'ignored', { line }, 'NUL characters in the line are left out', raw);
    }
    if (ignoreRest) return;
    if (sawEnd) {
      if (text.trim() === '') return;
      log.add('invalid_line', 'ignored', { line }, 'data after %E (the end of the file) is not read', text);
      ignoreRest = true;
      return;
    }
    row.read(text);
    const tag = row
      .cell(0)!
      .replace(/^\uFEFF/, '')
      .trim();
    if (tag === 'ERMHDR') {
      if (!sawHeader) project.options.raw.ermhdr_version = own(row.cell(1) ?? '');
      sawHeader = true;
      return;
    }
    if (!sawHeader && !sawTable && tag !== '%T') {
      // a P6 export may start with a BOM, blank lines or a line of some other program
      if (text.trim() === '') return;
      if (++leadLines > MAX_LEAD_LINES)
        throw new InterchangeError(
          'unsupported_format',
          'not an XER file (no ERMHDR header and no %T table)',
          {
            line,
          },
        );
      log.add('invalid_line', 'ignored', { line }, 'a line before the XER header is not read', text);
      return;
    }
    if (tag === '%T') {
      sawTable = true;
      table = own((row.cell(1) ?? '').trim());
      handler = XER_TABLES.get(table);
      fields = new Map();
      fieldCount = 0;
      return;
    }
    if (tag === '%F') {
      const cells = text.split('\t');
      fields = new Map(cells.slice(1).map((f, k) => [own(f.trim()), k + 1]));
      fieldCount = cells.length - 1;
      return;
    }
    if (tag === '%E') {
      sawEnd = true;
      return;
    }
    if (tag !== '%R') {
      if (text.trim() !== '')
        log.add(
          'invalid_line',
          'ignored',
          { line, table: table || undefined },
          `a line starting "${tag.slice(0, 20)}" is not an XER row (%T, %F, %R, %E); not read`,
          text,
        );
      return;
    }
    if (!table || fieldCount === 0) {
      log.add(
        'invalid_line',
        'ignored',
        { line },
        'a %R row before its table (%T) and fields (%F); not read',
        text,
      );
      return;
    }
    row.line = line;
    row.table = table;
    row.fields = fields;
    row.names = handler?.names;
    if (row.count > fieldCount)
      log.add(
        'invalid_line',
        'ignored',
        row.at(),
        `${row.count} values for ${fieldCount} fields; the values past the last field are not read`,
        text,
      );
    if (!handler) return;
    try {
      handler.read(reading);
    } catch (e) {
      if (!(e instanceof InterchangeError)) throw e;
      log.add(
        e.code === 'missing_value' ? 'missing_value' : 'invalid_value',
        'ignored',
        row.at(e.field),
        `${e.message.replace(/^.*?field [^:]+: /, '')}; the ${table} record is not read`,
        text,
      );
    }
  };
  await eachLine(source, options.encoding, onLine);
  if (!sawHeader && !sawTable)
    throw new InterchangeError('truncated', 'empty file: no XER header and no table', { line: 1 });
  if (!sawEnd) throw new InterchangeError('truncated', 'file ends before %E', { line: lastLine });
  const { projId, criticalType, criticalHours, calendars } = reading;
  if (projId === null)
    throw new InterchangeError('missing_value', 'no project in the file', { element: 'PROJECT' });

  if (criticalType === 'CT_DrivPath') project.options.critical = { kind: 'longest_path' };
  else project.options.critical = { kind: 'total_float', thresholdMinutes: Math.round(criticalHours * 60) };

  // calendars: global, resource and this project's; base calendars fill in a missing week
  const byId = new Map(calendars.map((c) => [c.id, c]));
  const resolve = (raw: RawCalendar, depth: number): IxCalendar => {
    const where = { line: raw.line, element: 'CALENDAR', field: 'clndr_data' };
    let parsed: ReturnType<typeof parseClndrData> = { week: null, exceptions: [] };
    try {
      if (raw.data) parsed = parseClndrData(raw.data, where);
    } catch (e) {
      if (!(e instanceof InterchangeError)) throw e;
      if (depth === 0)
        log.add(
          'calendar_data',
          'defaulted',
          { line: raw.line, table: 'CALENDAR', record: raw.name || raw.id, field: 'clndr_data' },
          `${e.message.replace(/^.*?field clndr_data: /, '')}; the calendar is read as its base calendar's week, else the standard week`,
          raw.data,
          'standard week',
        );
    }
    const base = raw.baseId && depth < 10 ? byId.get(raw.baseId) : undefined;
    const baseCal = base ? resolve(base, depth + 1) : undefined;
    return {
      id: raw.id,
      name: raw.name,
      week: parsed.week ?? baseCal?.week ?? STANDARD_WEEK,
      exceptions: parsed.week || !baseCal ? parsed.exceptions : [...baseCal.exceptions, ...parsed.exceptions],
      hoursPerDay: raw.hoursPerDay,
      baseId: raw.baseId || undefined,
    };
  };
  for (const raw of calendars)
    if (!raw.projId || raw.projId === projId) project.calendars.push(resolve(raw, 0));
  if (!project.start) project.start = project.dataDate ?? '';
  return finishRead(project, log, source);
}

/** Lines before the header or the first table that may be skipped before the file is not an XER. */
const MAX_LEAD_LINES = 20;

/**
 * `linesOf`, with the lines of each decoded chunk handed over in one synchronous loop (not one await per
 * line): decoded lines without `\r\n`, 1-based line numbers; an encoding error comes after the lines
 * before its chunk.
 */
async function eachLine(
  source: ByteSource,
  encoding: Encoding | undefined,
  onLine: (line: number, text: string) => void,
): Promise<void> {
  const decoder = decoderFor(source, encoding);
  let rest = '';
  let line = 0;
  const take = (decoded: string) => {
    rest += decoded;
    let start = 0;
    for (let i = rest.indexOf('\n'); i >= 0; i = rest.indexOf('\n', start)) {
      const text = rest.charCodeAt(i - 1) === 13 ? rest.slice(start, i - 1) : rest.slice(start, i);
      start = i + 1;
      onLine(++line, text);
    }
    rest = rest.slice(start);
  };
  for await (const chunk of chunksOf(source)) take(decoder.decode(chunk));
  // the decoder may have held bytes back (to detect a code page): the last call can bring many lines
  take(decoder.decode(new Uint8Array(0), true));
  if (rest.length > 0) onLine(++line, rest.endsWith('\r') ? rest.slice(0, -1) : rest);
}
