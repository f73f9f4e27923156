/**
 * P6's calendar data (`CALENDAR.clndr_data` in XER): nested nodes `(0||Name(key|value|…)(children…))`.
 * `DaysOfWeek` has nodes 1 (Sunday) … 7 (Saturday), each with work-hour nodes `(s|08:00|f|12:00)`;
 * `Exceptions` has day nodes `(d|43650)` — Excel-style day serials — with their own work hours (none =
 * holiday).
 */
import { dateFromSerial, hhmm, inEngineRange, serialFromDate } from '../common/dates.js';
import { InterchangeError, type InterchangeErrorLocation } from '../common/errors.js';
import type { IxInterval } from '../common/model.js';

interface Node {
  name: string;
  attrs: Record<string, string>;
  children: Node[];
}

export function parseClndrData(
  data: string,
  where: InterchangeErrorLocation,
): { week: IxInterval[][] | null; exceptions: { date: string; intervals: IxInterval[] }[] } {
  // P6 breaks long calendar data into lines with DEL (0x7F), anywhere: control characters are spaces
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is replaced
  const text = data.replace(/[\u0000-\u001f\u007f]/g, ' ');
  let i = 0;
  const fail = (what: string): never => {
    throw new InterchangeError('invalid_value', `calendar data: ${what} at character ${i}`, where);
  };
  const skipWs = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const parseNode = (depth: number): Node => {
    if (depth > 50) fail('nesting too deep');
    skipWs();
    if (text[i] !== '(') fail('expected "("');
    i++;
    const bar = text.indexOf('||', i);
    if (bar < 0) fail('expected "||"');
    i = bar + 2;
    const open = text.indexOf('(', i);
    if (open < 0) fail('expected "("');
    const name = text.slice(i, open).trim();
    i = open + 1;
    const close = text.indexOf(')', i);
    if (close < 0) fail('expected ")"');
    const parts = text.slice(i, close).split('|');
    const attrs: Record<string, string> = {};
    for (let k = 0; k + 1 < parts.length; k += 2) attrs[parts[k]!.trim()] = parts[k + 1]!.trim();
    i = close + 1;
    skipWs();
    if (text[i] !== '(') fail('expected children');
    i++;
    const children: Node[] = [];
    skipWs();
    while (i < text.length && text[i] === '(') {
      children.push(parseNode(depth + 1));
      skipWs();
    }
    if (text[i] !== ')') fail('expected ")"');
    i++;
    skipWs();
    if (text[i] !== ')') fail('expected ")"');
    i++;
    return { name, attrs, children };
  };
  const root = parseNode(0);
  const find = (node: Node, name: string): Node | undefined => {
    if (node.name === name) return node;
    for (const c of node.children) {
      const f = find(c, name);
      if (f) return f;
    }
    return undefined;
  };
  const hours = (node: Node): IxInterval[] =>
    node.children
      .filter((c) => c.attrs.s !== undefined && c.attrs.f !== undefined)
      .map((c) => ({ start: hhmm(c.attrs.s!, where), finish: hhmm(c.attrs.f!, where, '59') }));
  const days = find(root, 'DaysOfWeek');
  let week: IxInterval[][] | null = null;
  if (days) {
    week = [[], [], [], [], [], [], []];
    for (const d of days.children) {
      const p6Day = Number(d.name);
      if (!(p6Day >= 1 && p6Day <= 7)) fail(`day of week "${d.name}"`);
      week[(p6Day + 5) % 7] = hours(d); // 1 = Sunday → index 6; 2 = Monday → 0
    }
  }
  const exceptions: { date: string; intervals: IxInterval[] }[] = [];
  const exc = find(root, 'Exceptions');
  for (const e of exc?.children ?? []) {
    const serial = Number(e.attrs.d);
    if (!Number.isInteger(serial) || serial < 1 || serial > 2958465) fail(`exception day "${e.attrs.d}"`);
    const date = dateFromSerial(serial);
    if (!inEngineRange(date)) continue; // outside the dates the engine calculates with: cannot matter
    exceptions.push({ date, intervals: hours(e) });
  }
  return { week, exceptions };
}

export function writeClndrData(
  week: IxInterval[][],
  exceptions: { date: string; intervals: IxInterval[] }[],
): string {
  const hours = (list: IxInterval[]) =>
    list.map((h, k) => `(0||${k}(s|${h.start}|f|${h.finish})())`).join('');
  const days = [7, 1, 2, 3, 4, 5, 6] // P6 day number per index… built below in P6 order 1..7
    .map((_, k) => {
      const p6Day = k + 1;
      const list = week[(p6Day + 5) % 7] ?? [];
      return `(0||${p6Day}()(${hours(list)}))`;
    })
    .join('');
  const exc = exceptions
    .map((e, k) => `(0||${k}(d|${serialFromDate(e.date)})(${hours(e.intervals)}))`)
    .join('');
  return `(0||CalendarData()((0||DaysOfWeek()(${days}))(0||Exceptions()(${exc}))))`;
}
