import {
  type AttributeType,
  FORMULA_FIELDS,
  FORMULA_FUNCTIONS,
  type FormulaFailure,
  type FormulaField,
} from '@takt/contracts';
import { all, create, type MathNode } from 'mathjs';
import { AppError } from '../../errors';

/**
 * Formulas of attributes (docs/product-rules.md, "Formulas"; the choice of math.js in docs/architecture.md).
 * A formula is parsed into math.js's syntax tree and checked node by node against a short list of what it
 * may hold — numbers, texts, the operators, conditions, the work's fields, other attributes and the functions
 * of FORMULA_FUNCTIONS — so that no assignment, property access, matrix, unit or function definition ever
 * reaches math.js's evaluator. Names are resolved at save time; evaluation reads only the scope we give it.
 */
const math = create(all!, { predictable: true });
const parse = math.parse;

/** `==` and `!=` also compare texts (math.js's own compare only numbers). */
const same = (a: unknown, b: unknown) =>
  typeof a === 'string' || typeof b === 'string'
    ? String(a) === String(b)
    : math.equal(a as number, b as number);
const isEmptyValue = (v: unknown) => v === null || v === undefined || v === '';

math.import(
  {
    takt_same: same,
    takt_differ: (a: unknown, b: unknown) => !same(a, b),
    text: (...parts: unknown[]) => parts.map((p) => (isEmptyValue(p) ? '' : String(p))).join(''),
    isEmpty: isEmptyValue,
    ifEmpty: (value: unknown, fallback: unknown) => (isEmptyValue(value) ? fallback : value),
  },
  { override: true },
);

const FIELD_NAMES = new Set(Object.keys(FORMULA_FIELDS));
const FUNCTION_NAMES = new Set<string>(FORMULA_FUNCTIONS);
const CONSTANTS = new Set(['true', 'false', 'null']);
const OPERATORS = new Set([
  'add',
  'subtract',
  'multiply',
  'divide',
  'pow',
  'mod',
  'unaryMinus',
  'unaryPlus',
  'equal',
  'unequal',
  'smaller',
  'larger',
  'smallerEq',
  'largerEq',
  'and',
  'or',
  'not',
]);

/** An attribute a formula may read. */
export interface FormulaScopeAttribute {
  id: string;
  name: string;
  valueType: AttributeType;
}

export interface ParsedFormula {
  /** the work's fields it reads */
  fields: FormulaField[];
  /** the attributes it reads, by id */
  attributes: string[];
  /** whether it asks for empty values itself (isEmpty, ifEmpty): then empty inputs are not an empty result */
  handlesEmpty: boolean;
  evaluate(scope: Map<string, unknown>): unknown;
}

const invalid = (message: string, params: Record<string, string | number> = {}) =>
  new AppError('ValidationError', {}, [{ path: 'formula', message, params }]);

/** The scope name of an attribute: no attribute's name can clash with a field's or another's. */
export const attributeSymbol = (attributeId: string) => `a_${attributeId.replaceAll('-', '')}`;

/**
 * Parses and checks a formula against the names it may use: the work's fields, the attributes of `scope`
 * (by `attr("name")`, or by the bare name when that is a plain identifier). Unknown names, forbidden
 * constructs and syntax errors are validation errors of `formula` naming what is wrong.
 */
export function parseFormula(formula: string, scope: readonly FormulaScopeAttribute[]): ParsedFormula {
  let tree: MathNode;
  try {
    tree = parse(formula);
  } catch (error) {
    throw invalid('formulas.syntax', { detail: (error as Error).message.slice(0, 200) });
  }
  const byName = new Map(scope.map((a) => [a.name.toLocaleLowerCase(), a]));
  const fields = new Set<FormulaField>();
  const attributes = new Set<string>();
  let handlesEmpty = false;
  const attributeNamed = (name: string) => {
    const found = byName.get(name.toLocaleLowerCase());
    if (!found) throw invalid('formulas.unknown_name', { name });
    attributes.add(found.id);
    return new math.SymbolNode(attributeSymbol(found.id));
  };

  const checked = tree.transform((node, _path, parent) => {
    const n = node as MathNode & {
      fn?: MathNode | string;
      args?: MathNode[];
      name?: string;
      value?: unknown;
    };
    switch (node.type) {
      case 'ConstantNode':
      case 'ParenthesisNode':
      case 'ConditionalNode':
        return node;
      case 'OperatorNode': {
        const fn = n.fn as string;
        if (!OPERATORS.has(fn))
          throw invalid('formulas.not_allowed', { name: (node as { op?: string }).op ?? fn });
        if (fn === 'equal' || fn === 'unequal')
          return new math.FunctionNode(fn === 'equal' ? 'takt_same' : 'takt_differ', n.args ?? []);
        return node;
      }
      case 'FunctionNode': {
        const name = (n.fn as { name?: string } | undefined)?.name ?? '';
        if (!FUNCTION_NAMES.has(name)) throw invalid('formulas.unknown_function', { name: name || '?' });
        if (name === 'attr') {
          const arg = n.args?.[0] as (MathNode & { value?: unknown }) | undefined;
          if (n.args?.length !== 1 || arg?.type !== 'ConstantNode' || typeof arg.value !== 'string')
            throw invalid('formulas.attr_argument');
          return attributeNamed(arg.value);
        }
        if (name === 'isEmpty' || name === 'ifEmpty') handlesEmpty = true;
        return node;
      }
      case 'SymbolNode': {
        const name = n.name ?? '';
        // The name of a called function is a symbol too; FunctionNode above checked it.
        if (parent?.type === 'FunctionNode' && (parent as { fn?: MathNode }).fn === node) return node;
        if (CONSTANTS.has(name)) return node;
        if (FIELD_NAMES.has(name)) {
          fields.add(name as FormulaField);
          return node;
        }
        return attributeNamed(name);
      }
      default:
        throw invalid('formulas.not_allowed', { name: node.type.replace(/Node$/, '') });
    }
  });
  const compiled = checked.compile();
  return {
    fields: [...fields],
    attributes: [...attributes],
    handlesEmpty,
    evaluate: (values) => compiled.evaluate(values),
  };
}

const DAY_MS = 86_400_000;

/** A date or date-time as a day number (days since 1970-01-01), or null. */
function dayNumber(value: Date | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms =
    value instanceof Date ? value.getTime() : Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isFinite(ms) ? ms / DAY_MS : null;
}

function isoDate(day: number): string {
  return new Date(Math.floor(day) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The value stored for a formula's result in an attribute of `type`, or why there is none. Numbers must be
 * finite (a division by zero is not), percentages within 0–100, dates come from day numbers.
 */
export function storedValue(
  type: AttributeType,
  result: unknown,
): { value: string | number | boolean | null } | { failure: FormulaFailure } {
  if (result === null || result === undefined || result === '') return { value: null };
  if (typeof result === 'object') return { failure: 'wrongType' };
  switch (type) {
    case 'string':
      return { value: String(result).slice(0, 255) };
    case 'boolean':
      if (typeof result === 'boolean') return { value: result };
      if (typeof result === 'number')
        return Number.isFinite(result) ? { value: result !== 0 } : { failure: 'notFinite' };
      return { failure: 'wrongType' };
    case 'date':
      if (typeof result !== 'number') return { failure: 'wrongType' };
      if (!Number.isFinite(result)) return { failure: 'notFinite' };
      if (result < -25_000 || result > 100_000) return { failure: 'outOfRange' };
      return { value: isoDate(result) };
    default: {
      const n = typeof result === 'boolean' ? Number(result) : result;
      if (typeof n !== 'number') return { failure: 'wrongType' };
      if (!Number.isFinite(n)) return { failure: 'notFinite' };
      if (type === 'percentage' && (n < 0 || n > 100)) return { failure: 'outOfRange' };
      return { value: type === 'money' ? Math.round(n * 100) / 100 : Math.round(n * 1e9) / 1e9 };
    }
  }
}

/** An attribute value as a formula reads it: dates as day numbers, the rest as stored. */
export function formulaInput(type: AttributeType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'date') return dayNumber(String(value));
  return value;
}

/** Finds a cycle through `start` in the graph of formula attributes (id → the ids it reads); its path or null. */
export function findCycle(start: string, reads: ReadonlyMap<string, readonly string[]>): string[] | null {
  const path: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string): boolean => {
    if (path.includes(id)) {
      path.push(id);
      return true;
    }
    if (seen.has(id)) return false;
    seen.add(id);
    path.push(id);
    for (const next of reads.get(id) ?? []) if (visit(next)) return true;
    path.pop();
    return false;
  };
  return visit(start) ? path.slice(path.indexOf(path[path.length - 1]!)) : null;
}

/** The formula attributes in an order where each comes after those it reads (the graph has no cycle). */
export function evaluationOrder(reads: ReadonlyMap<string, readonly string[]>): string[] {
  const order: string[] = [];
  const done = new Set<string>();
  const visit = (id: string) => {
    if (done.has(id)) return;
    done.add(id);
    for (const next of reads.get(id) ?? []) if (reads.has(next)) visit(next);
    order.push(id);
  };
  for (const id of reads.keys()) visit(id);
  return order;
}
