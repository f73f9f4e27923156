/**
 * Checks an XER file line by line against P6's layout: the `ERMHDR` header, `%T` table / `%F` fields /
 * `%R` records / `%E` end, tab separation and field counts, table order, field order, the fields P6
 * needs, value forms (dates `YYYY-MM-DD HH:mm`, Y/N flags, numbers, integer ids), enumerations, lengths,
 * calendar data, unique keys and references between tables. The bytes must decode in the declared
 * encoding. Nothing but the keys of each table is kept, so a 350k-activity file is checked streaming.
 */

import { type ConformanceReport, IssueList } from '../common/check-report.js';
import { InterchangeError } from '../common/errors.js';
import { type ByteSource, type Encoding, linesOf } from '../common/input.js';
import { parseClndrData } from './calendar-data.js';
import { XER_DATE, XER_FLAG_VALUES, XER_LAYOUT, XER_OTHER_TABLES, xerFieldKind } from './layout.js';

export interface XerCheckOptions {
  /** The encoding the file is declared to be in; `auto` accepts UTF-8 (with or without BOM) or Windows-1251. */
  encoding?: Encoding;
  maxIssues?: number;
}

interface TableState {
  name: string;
  line: number;
  fields: string[];
  index: Map<string, number>;
  records: number;
}

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export async function checkXer(
  source: ByteSource,
  options: XerCheckOptions = {},
): Promise<ConformanceReport> {
  const issues = new IssueList(options.maxIssues ?? 200);
  const add = (rule: Parameters<IssueList['add']>[0]['rule'], line: number, path: string, message: string) =>
    issues.add({ rule, line, path, message });
  const seenTables = new Map<string, number>();
  const keys = new Map<string, Set<string>>();
  const refs: { table: string; field: string; target: string; value: string; line: number }[] = [];
  const udfTables = new Map<string, string>();
  const udfValues: { type: string; fk: string; line: number }[] = [];
  const codeLengths = new Map<string, number>();
  let table: TableState | null = null;
  let headerSeen = false;
  let ended = false;
  let checked = 0;
  let lastLine = 0;

  const openTable = (name: string, line: number) => {
    if (seenTables.has(name))
      add('structure', line, name, `table ${name} appears twice (first at line ${seenTables.get(name)})`);
    const layout = XER_LAYOUT[name];
    if (!layout && !XER_OTHER_TABLES.includes(name)) add('unknown', line, name, `${name} is not a P6 table`);
    // a table that must follow this one (it lists this one in `after`) may not already have appeared
    for (const [other] of seenTables)
      if (XER_LAYOUT[other]?.after?.includes(name))
        add(
          'order',
          line,
          name,
          `table ${name} must come before ${other} (P6 writes referenced tables first)`,
        );
    seenTables.set(name, line);
    table = { name, line, fields: [], index: new Map(), records: 0 };
  };

  const checkFields = (t: TableState, fields: string[], line: number) => {
    t.fields = fields;
    fields.forEach((f, k) => {
      if (t.index.has(f)) add('structure', line, `${t.name}.${f}`, `field ${f} appears twice`);
      t.index.set(f, k);
    });
    const layout = XER_LAYOUT[t.name];
    if (!layout) return;
    let last = -1;
    let lastName = '';
    for (const f of fields) {
      const pos = layout.fields.indexOf(f);
      if (pos < 0) {
        add('unknown', line, `${t.name}.${f}`, `${t.name} has no field ${f} in P6`);
        continue;
      }
      if (pos < last)
        add('order', line, `${t.name}.${f}`, `field ${f} must come before ${lastName} (P6's field order)`);
      else {
        last = pos;
        lastName = f;
      }
    }
    for (const f of layout.required)
      if (!t.index.has(f)) add('required', line, `${t.name}.${f}`, `${t.name} needs field ${f}`);
  };

  const checkRecord = (t: TableState, values: string[], line: number) => {
    t.records++;
    checked++;
    if (values.length > t.fields.length) {
      add(
        'structure',
        line,
        t.name,
        `record has ${values.length} values, %F declares ${t.fields.length} fields`,
      );
      return;
    }
    // P6 leaves out trailing empty values
    while (values.length < t.fields.length) values.push('');
    const layout = XER_LAYOUT[t.name];
    if (!layout) return;
    const get = (f: string) => {
      const k = t.index.get(f);
      return k === undefined ? undefined : values[k];
    };
    t.fields.forEach((f, k) => {
      const v = values[k]!;
      const path = `${t.name}.${f}`;
      if (layout.required.includes(f) && v === '') add('required', line, path, `${f} is empty`);
      if (v === '') return;
      const kind = xerFieldKind(f);
      if (kind === 'date' && !XER_DATE.test(v))
        add('type', line, path, `"${v}" is not a P6 date (YYYY-MM-DD HH:mm)`);
      else if (kind === 'flag' && !XER_FLAG_VALUES.includes(v))
        add('type', line, path, `"${v}" is not Y or N`);
      else if (kind === 'number' && !NUMBER.test(v)) add('type', line, path, `"${v}" is not a number`);
      else if (kind === 'id' && !/^\d+$/.test(v))
        add('type', line, path, `"${v}" is not a P6 id (a whole number)`);
      const allowed = layout.enums?.[f];
      if (allowed && !allowed.includes(v))
        add('enum', line, path, `"${v}" is not one of ${allowed.join(', ')}`);
      const max = layout.maxLength?.[f];
      if (max !== undefined && [...v].length > max)
        add('length', line, path, `${[...v].length} characters, P6 allows ${max}`);
    });
    if (layout.key) {
      const v = get(layout.key) ?? '';
      let set = keys.get(t.name);
      if (!set) {
        set = new Set();
        keys.set(t.name, set);
      }
      if (v !== '') {
        if (set.has(v)) add('unique', line, `${t.name}.${layout.key}`, `${layout.key} ${v} is used twice`);
        set.add(v);
      }
    }
    for (const r of layout.refs ?? []) {
      const v = get(r.field);
      // a project's root WBS node points at its EPS node, which a project export does not hold
      if (t.name === 'PROJWBS' && r.field === 'parent_wbs_id' && get('proj_node_flag') === 'Y') continue;
      if (v) refs.push({ table: t.name, field: r.field, target: r.table, value: v, line });
    }
    if (t.name === 'CALENDAR') {
      const data = get('clndr_data');
      if (data)
        try {
          parseClndrData(data, { line, element: 'CALENDAR', field: 'clndr_data' });
        } catch (e) {
          add('type', line, 'CALENDAR.clndr_data', `calendar data P6 cannot read: ${(e as Error).message}`);
        }
    }
    if (t.name === 'ACTVTYPE')
      codeLengths.set(get('actv_code_type_id') ?? '', Number(get('actv_short_len') ?? 0));
    if (t.name === 'ACTVCODE') {
      const max = codeLengths.get(get('actv_code_type_id') ?? '');
      const v = get('short_name') ?? '';
      if (max !== undefined && [...v].length > max)
        add(
          'length',
          line,
          'ACTVCODE.short_name',
          `"${v}" is longer than its code type's actv_short_len ${max}`,
        );
    }
    if (t.name === 'UDFTYPE') udfTables.set(get('udf_type_id') ?? '', get('table_name') ?? '');
    if (t.name === 'UDFVALUE')
      udfValues.push({ type: get('udf_type_id') ?? '', fk: get('fk_id') ?? '', line });
    if (t.name === 'TASK') {
      const status = get('status_code');
      if (status === 'TK_Complete' && !get('act_end_date'))
        add('required', line, 'TASK.act_end_date', 'a completed activity needs act_end_date');
      if ((status === 'TK_Complete' || status === 'TK_Active') && !get('act_start_date'))
        add('required', line, 'TASK.act_start_date', `an activity ${status} needs act_start_date`);
      for (const [type, date] of [
        ['cstr_type', 'cstr_date'],
        ['cstr_type2', 'cstr_date2'],
      ] as const) {
        const c = get(type);
        if (c && c !== 'CS_ALAP' && !get(date))
          add('required', line, `TASK.${date}`, `constraint ${c} needs ${date}`);
      }
    }
  };

  try {
    for await (const { line, text } of linesOf(source, options.encoding ?? 'auto')) {
      lastLine = line;
      if (!headerSeen) {
        headerSeen = true;
        const h = text.replace(/^\uFEFF/, '').split('\t');
        if (h[0] !== 'ERMHDR') {
          add('structure', line, 'ERMHDR', 'the file must start with the ERMHDR header line');
          continue;
        }
        if (h.length !== 9) add('structure', line, 'ERMHDR', `header has ${h.length} fields, P6 writes 9`);
        if (!/^\d+\.\d+(\.\d+)?$/.test(h[1] ?? ''))
          add('structure', line, 'ERMHDR', `"${h[1] ?? ''}" is not a P6 version`);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(h[2] ?? ''))
          add('structure', line, 'ERMHDR', `"${h[2] ?? ''}" is not an export date`);
        if (h[3] !== 'Project') add('structure', line, 'ERMHDR', 'the fourth header field must be "Project"');
        if (!h[8]) add('structure', line, 'ERMHDR', 'the header must name the currency');
        continue;
      }
      if (ended) {
        if (text !== '') add('structure', line, '%E', 'content after the %E end marker');
        continue;
      }
      const tab = text.indexOf('\t');
      const tag = tab < 0 ? text : text.slice(0, tab);
      const rest = tab < 0 ? null : text.slice(tab + 1);
      const t = table as TableState | null;
      if (tag === '%T') {
        if (t && t.fields.length === 0) add('structure', line, t.name, `table ${t.name} has no %F line`);
        openTable(rest ?? '', line);
      } else if (tag === '%F') {
        if (!t) add('structure', line, '%F', '%F before any %T');
        else if (t.fields.length > 0) add('structure', line, t.name, 'a second %F line in one table');
        else checkFields(t, rest === null ? [] : rest.split('\t'), line);
      } else if (tag === '%R') {
        if (!t || t.fields.length === 0) add('structure', line, '%R', '%R before the table’s %F line');
        else checkRecord(t, rest === null ? [''] : rest.split('\t'), line);
      } else if (tag === '%E') ended = true;
      else
        add(
          'structure',
          line,
          text.slice(0, 20),
          'every line must start with %T, %F, %R or %E (a raw tab or line break in a value?)',
        );
    }
  } catch (e) {
    if (e instanceof InterchangeError) add('encoding', e.line ?? lastLine, '', e.message);
    else throw e;
  }
  if (!headerSeen) add('structure', 1, 'ERMHDR', 'empty file');
  else if (!ended) add('structure', lastLine, '%E', 'the file must end with %E');
  for (const name of ['PROJECT', 'CALENDAR', 'PROJWBS', 'TASK'])
    if (headerSeen && !seenTables.has(name)) add('required', lastLine, name, `P6 needs the ${name} table`);
  for (const r of refs)
    if (!keys.get(r.target)?.has(r.value))
      add('reference', r.line, `${r.table}.${r.field}`, `${r.value} is not a ${r.target} key`);
  for (const u of udfValues) {
    const target = udfTables.get(u.type);
    if (target && target === 'TASK' && !keys.get('TASK')?.has(u.fk))
      add('reference', u.line, 'UDFVALUE.fk_id', `${u.fk} is not a TASK key`);
  }
  return issues.report('xer', checked);
}
