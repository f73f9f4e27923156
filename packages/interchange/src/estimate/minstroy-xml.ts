/**
 * The construction ministry's XML of a local estimate (the schema the state expert review and the pricing
 * information system take, "ЛС" version 3.x: `Construction` → `Object` → `Estimate` → `Sections` → `Section` →
 * `Items` → `Item`), streamed: only one `Item` at a time is held as a small element tree, bounded in size.
 *
 * An item that is a rate (`Cost`) becomes a line: number, code (prefix and code, `ФЕР08-01-001-01`), name,
 * unit, quantity (`QuantityTotal`, else `Quantity`), unit costs per part (`PerUnit/Current` when the file has
 * current prices, else `PerUnit/Base` with the item's price indices as index coefficients: ОТ on labour, ЭМ on
 * machines, М on materials), labour and machine operators' hours per unit, its coefficients, and the item's
 * stated total. An item that is a resource priced on its own (`Worker`, `Machine`, `Material`, `Equipment`…)
 * becomes a line with that one part. The resources inside rates, overheads and profits, free text lines and
 * the file's totals are left out (counted in the report); sections keep their code and name.
 */
import type { Language } from '@takt/i18n';
import { type ByteSource, type Encoding, encodingUsed } from '../common/input.js';
import { child, childrenNamed, childText, parseXml, type XNode } from '../common/xml-stream.js';
import { EstimateBuilder } from './builder.js';
import type {
  CoefficientTarget,
  CostParts,
  EstimateCoefficient,
  EstimateDocument,
  EstimateKind,
  EstimateLine,
} from './model.js';
import {
  ESTIMATE_LIMITS,
  type EstimateFileReport,
  EstimateReadLog,
  estimateError,
  round2,
  round6,
} from './read-report.js';

export interface MinstroyReadOptions {
  encoding?: Encoding;
  language?: Language;
}

/** Elements an item may hold before the rest of it is left out. */
const MAX_ITEM_NODES = 5000;
/** Characters of one element's text kept. */
const MAX_TEXT = 64 * 1024;

const FILE_KINDS: Record<string, EstimateKind> = {
  ЛС: 'loc',
  ЛСР: 'loc',
  ВОР: 'vor',
  ССР: 'ssr',
  ПИР: 'pir',
};

/** Index and coefficient targets of the schema; null: a part Takt does not hold apart. */
const TARGETS: Record<string, CoefficientTarget | null> = {
  ОТ: 'labour',
  ОЗП: 'labour',
  ЗП: 'labour',
  ЭМ: 'machines',
  М: 'materials',
  МАТ: 'materials',
  ЗТ: 'labourHours',
  ТЗ: 'labourHours',
  ПЗ: 'all',
  ВСЕ: 'all',
  СМР: 'all',
  ОБЪЕМ: 'all',
  ОБЪЁМ: 'all',
  ОТМ: null,
  ЗПМ: null,
  ЗТМ: null,
};

const RESOURCE_PART: Record<string, keyof CostParts> = {
  Worker: 'labour',
  Machine: 'machines',
  Material: 'materials',
  Equipment: 'materials',
  Transport: 'materials',
  Resource: 'materials',
};

/** The first of the children's texts that is not empty. */
function firstText(node: XNode | undefined, ...names: string[]): string {
  if (!node) return '';
  for (const n of names) {
    const t = childText(node, n).trim();
    if (t) return t;
  }
  return '';
}

/** Reads a local estimate of the ministry's XML schema. A file whose root is not `Construction` is refused. */
export async function readEstimateMinstroyXml(
  source: ByteSource,
  options: MinstroyReadOptions = {},
): Promise<{ document: EstimateDocument; report: EstimateFileReport }> {
  const log = new EstimateReadLog();
  const b = new EstimateBuilder(log, options.language);
  const doc = b.doc;
  const path: string[] = [];
  let text = '';
  /** The item being read, as an element tree: its open elements, and how many it has. */
  const nodes: XNode[] = [];
  let itemNodes = 0;
  let itemCut = false;
  let items = 0;
  const head = {
    constructionName: '',
    constructionNum: '',
    fileType: '',
    level: {} as Record<string, string>,
  };
  const reportedTargets = new Set<string>();
  /** Whether any rate was read at current prices (the price level is then the current one). */
  let usedCurrent = false;

  await parseXml(
    source,
    {
      open(name, _tag, line) {
        const parent = path.at(-1);
        if (path.length === 0 && name !== 'Construction')
          throw estimateError('unsupported_format', 'interchange.estimate.not_local_estimate', {
            root: name.slice(0, 60),
          });
        path.push(name);
        text = '';
        if (
          nodes.length > 0 ||
          (name === 'Item' && parent === 'Items') ||
          (name === 'Coefficients' && (parent === 'Estimate' || parent === 'Section'))
        ) {
          if (nodes.length === 0) {
            itemNodes = 0;
            itemCut = false;
            items++;
          }
          if (++itemNodes > MAX_ITEM_NODES) {
            if (!itemCut) {
              itemCut = true;
              log.add(
                'ignored',
                'interchange.estimate.element_too_large',
                { element: path.slice(-4).join('/'), max: MAX_ITEM_NODES },
                { line },
              );
            }
            // counted, not kept: a placeholder holds the depth
            nodes.push({ name: '', attrs: {}, children: [], text: '', line });
            return;
          }
          const node: XNode = { name, attrs: {}, children: [], text: '', line };
          nodes.at(-1)?.children.push(node);
          nodes.push(node);
          return;
        }
        if (name === 'Section') {
          b.section(b.depth + 1, { name: '' }, { line, where: `Section ${b.sections + 1}` });
        }
      },
      text(t) {
        if (text.length < MAX_TEXT) text += t;
      },
      close(line) {
        const name = path.pop()!;
        const parent = path.at(-1) ?? '';
        if (nodes.length > 0) {
          const node = nodes.pop()!;
          if (node.children.length === 0) node.text = text.trim();
          text = '';
          if (nodes.length === 0 && node.name) {
            if (node.name === 'Item') item(node, line);
            else
              coefficients(
                node,
                parent === 'Estimate' ? doc.coefficients : (b.current?.coefficients ?? doc.coefficients),
              );
          }
          return;
        }
        const t = text.trim();
        text = '';
        if (name === 'Section') {
          b.close();
        } else if (parent === 'Construction' && name === 'Name') head.constructionName = t;
        else if (parent === 'Construction' && name === 'Num') head.constructionNum = t;
        else if (parent === 'File' && name === 'Type') head.fileType = t;
        else if (parent === 'Estimate' && name === 'Name')
          doc.name = log.text(t, 'Name', ESTIMATE_LIMITS.name, { line });
        else if (parent === 'Estimate' && name === 'Num')
          doc.code = log.text(t, 'Num', ESTIMATE_LIMITS.code, { line });
        else if (
          (parent === 'PriceLevelCur' || parent === 'PriceLevelBase') &&
          /^(Year|Month|Quarter)$/.test(name)
        )
          head.level[`${parent}.${name}`] = t;
        else if (parent === 'Section' && (name === 'Name' || name === 'Code') && b.current) {
          const s = b.current;
          if (name === 'Name') s.name = log.text(t, 'Section/Name', ESTIMATE_LIMITS.name, { line });
          else if (t) s.code = log.text(t, 'Section/Code', ESTIMATE_LIMITS.code, { line });
        } else if (name === 'FreeString') {
          // a free text line between items: not part of the estimate's figures
        }
      },
    },
    options.encoding,
  );

  if (!doc.name) doc.name = head.constructionName || doc.code || head.constructionNum;
  if (!doc.code && head.constructionNum)
    doc.code = log.text(head.constructionNum, 'Num', ESTIMATE_LIMITS.code, {});
  doc.kind = FILE_KINDS[head.fileType.toUpperCase()] ?? 'loc';
  const level =
    priceLevel(head.level, usedCurrent ? 'PriceLevelCur' : 'PriceLevelBase') ??
    priceLevel(head.level, 'PriceLevelCur');
  if (level) doc.priceLevel = level;
  for (const s of doc.sections) if (!s.name) s.name = s.code ?? '';
  return {
    document: doc,
    report: log.finish({ lines: b.lines, sections: b.sections }, 'minstroy-xml', encodingUsed(source)),
  };

  function item(node: XNode, line: number): void {
    const at = { line, where: `Item ${items}` };
    if (child(node, 'Overheads') || child(node, 'Profits'))
      log.tally('interchange.estimate.overheads_ignored');
    const cost = child(node, 'Cost') ?? child(node, 'Position');
    let l: EstimateLine | null;
    if (cost) l = rate(cost, at);
    else {
      const resource = node.children.find(
        (c) => c.name in RESOURCE_PART || (child(c, 'Code') && child(c, 'Name')),
      );
      if (!resource) {
        log.add(
          'ignored',
          'interchange.estimate.unknown_record',
          { value: node.children[0]?.name ?? 'Item' },
          at,
        );
        return;
      }
      l = priced(resource, at);
    }
    if (!l) return;
    const stated = firstText(child(node, 'Totals'), 'Current', 'Base');
    if (stated) {
      const n = log.number(stated, 'Totals', at, { fallback: undefined });
      if (n !== undefined) l.statedTotal = round2(n);
    }
    b.line(l, at);
  }

  function names(node: XNode, at: { line: number; where: string }) {
    const code = log.text(
      `${childText(node, 'Prefix').trim()}${childText(node, 'Code').trim()}`,
      'Code',
      ESTIMATE_LIMITS.code,
      at,
    );
    let name = log.text(childText(node, 'Name'), 'Name', ESTIMATE_LIMITS.name, at);
    if (!name && !code) {
      log.add('ignored', 'interchange.estimate.empty_line', {}, at);
      return null;
    }
    if (!name) {
      log.add('kept', 'interchange.estimate.no_name', { code }, at);
      name = code;
    }
    return { code, name };
  }

  function rate(cost: XNode, at: { line: number; where: string }): EstimateLine | null {
    const n = names(cost, at);
    if (!n) return null;
    const quantity = round6(
      log.number(firstText(cost, 'QuantityTotal', 'Quantity'), 'Quantity', at, { empty: 0 })!,
    );
    const perUnit = child(cost, 'PerUnit');
    const current = child(perUnit ?? cost, 'Current');
    const prices = current ?? child(perUnit ?? cost, 'Base');
    let unitCost: CostParts = { labour: 0, machines: 0, materials: 0 };
    if (prices) {
      const part = (...names: string[]) =>
        round2(log.number(firstText(prices, ...names), names[0]!, at, { empty: 0 })!);
      unitCost = {
        labour: part('WorkersSalary', 'Salary'),
        machines: part('Machines'),
        materials: part('Materials'),
      };
    } else {
      // no prices per unit: the totals divided by the quantity
      const all = child(cost, 'Totals');
      const totals = all && (child(all, 'Current') ?? child(all, 'Base'));
      if (totals && quantity !== 0) {
        const part = (...names: string[]) =>
          round2(log.number(firstText(totals, ...names), names[0]!, at, { empty: 0 })! / quantity);
        unitCost = {
          labour: part('WorkersSalary', 'Salary'),
          machines: part('Machines'),
          materials: part('Materials'),
        };
      }
    }
    if (current) usedCurrent = true;
    const line: EstimateLine = {
      code: n.code,
      name: n.name,
      unit: log.text(childText(cost, 'Unit'), 'Unit', ESTIMATE_LIMITS.unit, at),
      quantity,
      unitCost,
      coefficients: [],
    };
    const number = log.text(childText(cost, 'Num'), 'Num', ESTIMATE_LIMITS.code, at);
    if (number) line.number = number;
    const natural = perUnit && child(perUnit, 'Natural');
    const hours = (name: string) =>
      log.number(childText(natural ?? cost, name), name, at, { min: 0, limit: ESTIMATE_LIMITS.hours });
    const lh = natural ? hours('LaborCosts') : undefined;
    if (lh !== undefined) line.labourHoursPerUnit = round6(lh);
    const mh = natural ? hours('MachinistLaborCosts') : undefined;
    if (mh !== undefined) line.machineHoursPerUnit = round6(mh);
    for (const c of childrenNamed(cost, 'Coefficients')) coefficients(c, line.coefficients);
    if (!current) for (const index of childrenNamed(cost, 'Index')) indices(index, line.coefficients, at);
    const resources =
      childrenNamed(cost, 'ResourcesInternal').length + childrenNamed(cost, 'Resources').length;
    if (resources > 0) log.tally('interchange.estimate.resources_ignored');
    return line;
  }

  function priced(resource: XNode, at: { line: number; where: string }): EstimateLine | null {
    const n = names(resource, at);
    if (!n) return null;
    const partName = RESOURCE_PART[resource.name] ?? 'materials';
    const price = round2(
      log.number(
        firstText(resource, 'PricePerUnitCur', 'PricePerUnitBase', 'PricePerUnit'),
        'PricePerUnit',
        at,
        {
          empty: 0,
        },
      )!,
    );
    if (childText(resource, 'PricePerUnitCur').trim()) usedCurrent = true;
    const unit = log.text(childText(resource, 'Unit'), 'Unit', ESTIMATE_LIMITS.unit, at);
    const line: EstimateLine = {
      code: n.code,
      name: n.name,
      unit,
      quantity: round6(
        log.number(firstText(resource, 'ConsumptionTotal', 'Consumption', 'Quantity'), 'Consumption', at, {
          empty: 0,
        })!,
      ),
      unitCost: { labour: 0, machines: 0, materials: 0, [partName]: price },
      coefficients: [],
    };
    const number = log.text(childText(resource, 'Num'), 'Num', ESTIMATE_LIMITS.code, at);
    if (number) line.number = number;
    if (partName === 'labour' && /чел/i.test(unit)) line.labourHoursPerUnit = 1;
    return line;
  }

  /** `Coefficients/Coefficient`: a name (or reason) and values by target. */
  function coefficients(node: XNode, into: EstimateCoefficient[]): void {
    for (const c of childrenNamed(node, 'Coefficient')) {
      const at = { line: c.line, where: 'Coefficient' };
      const name = log.text(
        firstText(c, 'Name', 'Reason', 'Code'),
        'Coefficient/Name',
        ESTIMATE_LIMITS.name,
        at,
      );
      const code = log.text(firstText(c, 'Code', 'Reason'), 'Coefficient/Code', ESTIMATE_LIMITS.code, at);
      const values = child(c, 'Values') ? childrenNamed(child(c, 'Values'), 'Value') : [c];
      for (const v of values)
        add(
          into,
          'coefficient',
          name,
          code,
          firstText(v, 'Target'),
          firstText(v, 'CoefValue', 'Final', 'Value'),
          at,
        );
    }
  }

  /** `Index/Values/Value`: a price index by target. */
  function indices(node: XNode, into: EstimateCoefficient[], at: { line: number; where: string }): void {
    const name = log.text(firstText(node, 'Name', 'Reason'), 'Index/Name', ESTIMATE_LIMITS.name, at);
    const values = child(node, 'Values')
      ? childrenNamed(child(node, 'Values'), 'Value')
      : childrenNamed(node, 'Value');
    for (const v of values)
      add(into, 'index', name, '', firstText(v, 'Target'), firstText(v, 'Final', 'Value'), at);
  }

  function add(
    into: EstimateCoefficient[],
    kind: EstimateCoefficient['kind'],
    name: string,
    code: string,
    targetText: string,
    valueText: string,
    at: { line: number; where: string },
  ): void {
    const key = targetText.toUpperCase().replace(/[\s.]/g, '');
    const target = key === '' ? 'all' : TARGETS[key];
    if (!target) {
      if (!reportedTargets.has(key)) {
        reportedTargets.add(key);
        log.add(
          'ignored',
          'interchange.estimate.index_ignored',
          { target: targetText.slice(0, 20), value: valueText.slice(0, 20) },
          at,
        );
      }
      return;
    }
    const value = log.coefficient(valueText, name || kind, at);
    if (value === undefined) return;
    // an index of 1 changes nothing: left out, as the programs print none
    if (kind === 'index' && value === 1) return;
    into.push({ ...(code ? { code } : {}), name: name || code || kind, kind, target, value: round6(value) });
  }
}

/** `Year` with `Quarter` or `Month` of a price level → the first day of that period. */
function priceLevel(level: Record<string, string>, which: string): string | undefined {
  const year = Number(level[`${which}.Year`]);
  if (!Number.isInteger(year) || year < 1900 || year > 2100) return undefined;
  const month = Number(level[`${which}.Month`]);
  const quarter = Number(level[`${which}.Quarter`]);
  const m =
    Number.isInteger(month) && month >= 1 && month <= 12
      ? month
      : Number.isInteger(quarter) && quarter >= 1 && quarter <= 4
        ? quarter * 3 - 2
        : 1;
  return `${year}-${String(m).padStart(2, '0')}-01`;
}
