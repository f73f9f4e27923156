/**
 * A streaming structural checker for XML formats described as element definitions: xsd:sequence order,
 * required elements, occurrence limits, value types (xsd:integer, boolean, dateTime, time, duration,
 * decimal), enumerations and lengths, plus unique keys and references between elements. It reads the
 * file with saxes one element at a time, so a 100k-task file is checked without holding it.
 *
 * Two kinds of complex content:
 * - `sequence`: an xsd:sequence, children in the declared order (MSPDI);
 * - `fields` + `collections`: a P6 business object (p6apibo.xsd), whose scalar fields come first in
 *   ascending ASCII order of their names and whose child collections follow in a declared order.
 */
import { SaxesParser } from 'saxes';
import { type ConformanceReport, IssueList } from './check-report.js';
import { InterchangeError } from './errors.js';
import { type ByteSource, TextDecoderAuto, textOf } from './input.js';

export type ValueType = 'int' | 'bool' | 'dateTime' | 'time' | 'duration' | 'decimal' | 'string';

export interface LeafDef {
  type: ValueType;
  values?: readonly string[];
  maxLength?: number;
  min?: number;
  max?: number;
}

export interface ElementDef {
  name: string;
  /** Default 0. */
  min?: number;
  /** Default 1. */
  max?: number;
  leaf?: LeafDef;
  sequence?: readonly ElementDef[];
  /** P6 business object: known scalar fields (unknown scalar fields are allowed, in order). */
  fields?: Readonly<Record<string, LeafDef>>;
  collections?: readonly ElementDef[];
  /** Content not checked (views, filters and other settings the writers never produce). */
  any?: boolean;
}

export interface XmlRules {
  format: 'mspdi' | 'pmxml';
  root: ElementDef;
  namespace: RegExp;
  /** Leaf paths (element names joined by `/`) whose values are unique keys of a set. */
  keys: readonly { path: string; set: string }[];
  /** Leaf paths whose values must be a key of a set (or one of `allow`). */
  refs: readonly { path: string; set: string; allow?: readonly string[] }[];
  /** Checks over the direct leaf values of one element (a field required when another is set…). */
  records?: readonly { path: string; check(values: Readonly<Record<string, string>>): string[] }[];
}

export const leaf = (type: ValueType, extra: Omit<LeafDef, 'type'> = {}): LeafDef => ({ type, ...extra });
export const range = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, k) => String(from + k));

interface Frame {
  name: string;
  label: string;
  def: ElementDef | null;
  /** unknown P6 scalar: any text, but no children */
  looseScalar: boolean;
  line: number;
  text: string;
  seqPos: number;
  seqCount: number;
  lastField: string;
  collPos: number;
  collCount: number;
  childIndex: Map<string, number>;
  keyPath: string;
  values: Record<string, string> | null;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?$/;
const DURATION = /^-?P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const INT = /^[+-]?\d+$/;

/** Why a value does not fit its declaration, or null. */
export function valueProblem(value: string, def: LeafDef): string | null {
  const v = def.type === 'string' ? value : value.trim();
  switch (def.type) {
    case 'int':
      if (!INT.test(v)) return `"${v}" is not an integer`;
      break;
    case 'bool':
      if (!['0', '1', 'true', 'false'].includes(v)) return `"${v}" is not a boolean (0, 1, true, false)`;
      break;
    case 'decimal':
      if (!DECIMAL.test(v)) return `"${v}" is not a number`;
      break;
    case 'duration':
      if (!DURATION.test(v)) return `"${v}" is not an xsd:duration (like PT8H0M0S)`;
      break;
    case 'time': {
      const m = TIME.exec(v);
      if (!m) return `"${v}" is not an xsd:time (HH:mm:ss)`;
      const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (mi > 59 || s > 59 || h > 24 || (h === 24 && (mi > 0 || s > 0)))
        return `"${v}" is not a time of day`;
      break;
    }
    case 'dateTime': {
      const m = DATE_TIME.exec(v);
      if (!m) return `"${v}" is not an xsd:dateTime (YYYY-MM-DDTHH:mm:ss)`;
      const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
      if (mo < 1 || mo > 12 || d < 1 || d > days || h > 24 || mi > 59 || s > 59 || (h === 24 && mi + s > 0))
        return `"${v}" is not a valid date and time`;
      break;
    }
    case 'string':
      break;
  }
  if (def.values && !def.values.includes(v))
    return `"${v}" is not one of ${def.values.map((x) => `"${x}"`).join(', ')}`;
  if (def.maxLength !== undefined && [...v].length > def.maxLength)
    return `${[...v].length} characters, at most ${def.maxLength} allowed`;
  if ((def.min !== undefined || def.max !== undefined) && (def.type === 'int' || def.type === 'decimal')) {
    const n = Number(v);
    if (def.min !== undefined && n < def.min) return `${v} is below the minimum ${def.min}`;
    if (def.max !== undefined && n > def.max) return `${v} is above the maximum ${def.max}`;
  }
  return null;
}

export async function checkXml(
  source: ByteSource,
  rules: XmlRules,
  maxIssues = 200,
): Promise<ConformanceReport> {
  const issues = new IssueList(maxIssues);
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: Frame[] = [];
  const keys = new Map<string, Map<string, number>>();
  const keyPaths = new Map(rules.keys.map((k) => [k.path, k.set]));
  const refPaths = new Map(rules.refs.map((r) => [r.path, r]));
  const recordChecks = new Map((rules.records ?? []).map((r) => [r.path, r.check]));
  const pendingRefs: { set: string; value: string; line: number; path: string }[] = [];
  let checked = 0;
  let rootSeen = false;
  let failure: Error | null = null;
  const pathOf = (extra?: string) => [...stack.map((f) => f.label), ...(extra ? [extra] : [])].join('/');
  const add = (
    rule: Parameters<IssueList['add']>[0]['rule'],
    message: string,
    path = pathOf(),
    line = parser.line,
  ) => issues.add({ rule, line, path, message });

  const frame = (name: string, def: ElementDef | null, looseScalar = false): Frame => {
    const parent = stack[stack.length - 1];
    let label = name;
    if (parent) {
      const n = (parent.childIndex.get(name) ?? 0) + 1;
      parent.childIndex.set(name, n);
      if (def && (def.max ?? 1) > 1) label = `${name}[${n}]`;
    }
    return {
      name,
      label,
      def,
      looseScalar,
      line: parser.line,
      text: '',
      seqPos: 0,
      seqCount: 0,
      lastField: '',
      collPos: 0,
      collCount: 0,
      childIndex: new Map(),
      keyPath: parent ? `${parent.keyPath}/${name}` : name,
      values: null,
    };
  };

  const push = (f: Frame) => {
    if (recordChecks.has(f.keyPath)) f.values = {};
    stack.push(f);
  };
  const missingRequired = (seq: readonly ElementDef[], from: number, to: number, where: string) => {
    for (let j = from; j < to; j++) {
      const d = seq[j]!;
      if ((d.min ?? 0) > 0) add('required', `missing required element <${d.name}> ${where}`);
    }
  };

  parser.on('opentag', (tag) => {
    checked++;
    const name = tag.name.slice(tag.name.indexOf(':') + 1);
    const parent = stack[stack.length - 1];
    if (!parent) {
      rootSeen = true;
      if (name !== rules.root.name)
        add('structure', `root element is <${name}>, expected <${rules.root.name}>`, name);
      const nsValue = String(tag.attributes.xmlns ?? '');
      if (!rules.namespace.test(nsValue))
        add('structure', `namespace "${nsValue}" is not the format's namespace`, name);
      push(frame(name, name === rules.root.name ? rules.root : null));
      return;
    }
    const pd = parent.def;
    if (!pd || pd.any) {
      push(frame(name, null));
      return;
    }
    if (parent.looseScalar || pd.leaf) {
      add('structure', `<${parent.name}> holds a value and cannot contain <${name}>`);
      push(frame(name, null));
      return;
    }
    if (pd.sequence) {
      const seq = pd.sequence;
      let j = -1;
      for (let k = parent.seqPos; k < seq.length; k++)
        if (seq[k]!.name === name) {
          j = k;
          break;
        }
      if (j < 0) {
        const earlier = seq.findIndex((d) => d.name === name);
        const here = seq[parent.seqPos];
        if (earlier >= 0)
          add(
            'order',
            `<${name}> must come before <${here?.name ?? '?'}> (xsd:sequence of <${parent.name}>)`,
            pathOf(name),
          );
        else add('unknown', `<${name}> is not an element of <${parent.name}>`, pathOf(name));
        push(frame(name, earlier >= 0 ? seq[earlier]! : null));
        return;
      }
      if (j === parent.seqPos && parent.seqCount > 0) {
        parent.seqCount++;
        if (parent.seqCount > (seq[j]!.max ?? 1))
          add(
            'occurs',
            `<${name}> appears ${parent.seqCount} times, at most ${seq[j]!.max ?? 1} allowed`,
            pathOf(name),
          );
      } else {
        missingRequired(seq, parent.seqCount > 0 ? parent.seqPos + 1 : parent.seqPos, j, `before <${name}>`);
        parent.seqPos = j;
        parent.seqCount = 1;
      }
      push(frame(name, seq[j]!));
      return;
    }
    // P6 business object
    const coll = pd.collections ?? [];
    const ci = coll.findIndex((d) => d.name === name);
    if (ci >= 0) {
      if (ci < parent.collPos)
        add(
          'order',
          `<${name}> must come before <${coll[parent.collPos]!.name}> in <${parent.name}>`,
          pathOf(name),
        );
      else if (ci === parent.collPos && parent.collCount > 0) parent.collCount++;
      else {
        parent.collPos = ci;
        parent.collCount = 1;
      }
      parent.lastField = '\uffff';
      push(frame(name, coll[ci]!));
      return;
    }
    if (parent.lastField === '\uffff')
      add(
        'order',
        `field <${name}> must come before the child collections of <${parent.name}>`,
        pathOf(name),
      );
    else if (parent.lastField && name <= parent.lastField)
      add(
        name === parent.lastField ? 'occurs' : 'order',
        name === parent.lastField
          ? `field <${name}> appears twice`
          : `field <${name}> must come before <${parent.lastField}> (P6 fields are in ascending order of their names)`,
        pathOf(name),
      );
    else parent.lastField = name;
    const known = pd.fields?.[name];
    push(known ? frame(name, { name, leaf: known }) : frame(name, null, true));
  });

  parser.on('text', (t) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  });
  parser.on('cdata', (t) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  });

  parser.on('closetag', () => {
    const f = stack[stack.length - 1]!;
    const d = f.def;
    if (d?.leaf) {
      const problem = valueProblem(f.text, d.leaf);
      if (problem)
        add(
          problem.includes('not one of') ? 'enum' : problem.includes('characters') ? 'length' : 'type',
          problem,
          pathOf(),
          f.line,
        );
    }
    if (d?.sequence)
      missingRequired(
        d.sequence,
        f.seqCount > 0 ? f.seqPos + 1 : f.seqPos,
        d.sequence.length,
        `in <${f.name}>`,
      );
    if (d?.leaf || f.looseScalar) {
      const value = f.text.trim();
      const parentValues = stack[stack.length - 2]?.values;
      if (parentValues) parentValues[f.name] = value;
      const set = value === '' ? undefined : keyPaths.get(f.keyPath);
      if (set) {
        let m = keys.get(set);
        if (!m) {
          m = new Map();
          keys.set(set, m);
        }
        const first = m.get(value);
        if (first !== undefined)
          add('unique', `${value} is used twice (first at line ${first})`, pathOf(), f.line);
        else m.set(value, f.line);
      }
      const ref = refPaths.get(f.keyPath);
      if (ref && value !== '' && !ref.allow?.includes(value))
        pendingRefs.push({ set: ref.set, value, line: f.line, path: pathOf() });
    }
    if (f.values) {
      const check = recordChecks.get(f.keyPath);
      for (const message of check?.(f.values) ?? []) add('required', message, pathOf(), f.line);
    }
    stack.pop();
  });
  parser.on('error', (e) => {
    failure ??= new InterchangeError('syntax', `malformed XML: ${e.message}`, { line: parser.line });
  });

  try {
    for await (const text of textOf(source, new TextDecoderAuto('utf-8'))) {
      parser.write(text);
      if (failure) break;
    }
    if (!failure) parser.close();
  } catch (e) {
    if (e instanceof InterchangeError)
      issues.add({ rule: 'encoding', line: e.line, path: '', message: e.message });
    else failure ??= e as Error;
  }
  if (failure) issues.add({ rule: 'structure', line: parser.line, path: pathOf(), message: failure.message });
  if (!rootSeen) issues.add({ rule: 'structure', line: 1, path: '', message: 'no root element' });
  for (const r of pendingRefs)
    if (!keys.get(r.set)?.has(r.value))
      issues.add({
        rule: 'reference',
        line: r.line,
        path: r.path,
        message: `${r.value} does not refer to any ${r.set}`,
      });
  return issues.report(rules.format, checked);
}
