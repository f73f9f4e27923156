import type { BimElement, BimProcessLink } from './types';

/**
 * Linking rules: "elements of this storey and IFC class (or with this property value) belong to the
 * works at this WBS path (or with this attribute value)". Texts in a rule may use placeholders taken
 * from each element: {storey}, {building}, {class}, {name}, {type}, and {storey#} / {building#} for
 * the first number in the name ("Этаж 03" → "3"), so one rule covers every storey of every section.
 * `*` matches any run of characters; comparisons ignore case and surrounding spaces.
 */
export interface BimLinkRule {
  element: {
    /** IFC classes; `IfcWall` also matches `IfcWallStandardCase` and `IfcWallElementedCase`. */
    ifcClasses?: string[];
    storey?: string;
    building?: string;
    property?: { set?: string; name: string; value: string };
  };
  target:
    | { kind: 'wbs' /** WBS names from an ancestor down to the linked work. */; path: string[] }
    | { kind: 'attribute'; attributeId: string; value: string };
  /** Appearance profile id for the links this rule makes. */
  profileId?: string | null;
}

/** The WBS as the rules see it. */
export interface BimRuleWork {
  id: string;
  parentId: string | null;
  name: string;
  code?: string | null;
  /** Attribute values as text, by attribute id. */
  attributes?: Record<string, string>;
}

/** The fields of an element rules read; a full BimElement fits. */
export type BimRuleElement = Pick<
  BimElement,
  'globalId' | 'ifcClass' | 'name' | 'typeName' | 'storey' | 'building' | 'properties'
>;

export interface BimLinkProposal {
  elementGlobalId: string;
  workId: string;
  profileId: string | null;
  /** Index of the rule that made the link. */
  rule: number;
}

const norm = (s: string) => s.trim().toLocaleLowerCase();

const globCache = new Map<string, RegExp | string>();
/** A compiled pattern: a plain lower-case string when it has no `*`, else an anchored RegExp. */
function globOf(pattern: string): RegExp | string {
  const key = norm(pattern);
  let g = globCache.get(key);
  if (g === undefined) {
    g = key.includes('*')
      ? new RegExp(
          `^${key
            .split('*')
            .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
            .join('.*')}$`,
          's',
        )
      : key;
    if (globCache.size > 10_000) globCache.clear();
    globCache.set(key, g);
  }
  return g;
}

export function bimGlobMatch(pattern: string, value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  const g = globOf(pattern);
  const v = norm(value);
  return typeof g === 'string' ? g === v : g.test(v);
}

function firstNumber(s: string | null): string {
  const m = s?.match(/\d+/);
  return m ? String(Number(m[0])) : '';
}

/** Replaces {storey}, {storey#}, {building}, {building#}, {class}, {name}, {type} with the element's values. */
export function bimRuleSubstitute(template: string, e: BimRuleElement): string {
  return template.replace(/\{(storey#?|building#?|class|name|type)\}/g, (_, key: string) => {
    switch (key) {
      case 'storey':
        return e.storey ?? '';
      case 'storey#':
        return firstNumber(e.storey);
      case 'building':
        return e.building ?? '';
      case 'building#':
        return firstNumber(e.building);
      case 'class':
        return e.ifcClass;
      case 'name':
        return e.name ?? '';
      default:
        return e.typeName ?? '';
    }
  });
}

function classMatches(classes: string[], ifcClass: string): boolean {
  const c = ifcClass.toLowerCase();
  return classes.some((k) => {
    const base = k.trim().toLowerCase();
    return c === base || c === `${base}standardcase` || c === `${base}elementedcase`;
  });
}

export function bimRuleElementMatches(rule: BimLinkRule, e: BimRuleElement): boolean {
  const f = rule.element;
  if (f.ifcClasses?.length && !classMatches(f.ifcClasses, e.ifcClass)) return false;
  if (f.storey && !bimGlobMatch(f.storey, e.storey)) return false;
  if (f.building && !bimGlobMatch(f.building, e.building)) return false;
  if (f.property) {
    const { set, name, value } = f.property;
    const sets = Object.entries(e.properties).filter(([setName]) => !set || bimGlobMatch(set, setName));
    const found = sets.some(([, props]) =>
      Object.entries(props).some(
        ([prop, v]) => bimGlobMatch(name, prop) && v !== null && bimGlobMatch(value, String(v)),
      ),
    );
    if (!found) return false;
  }
  return true;
}

/** Answers "which works does this path (or attribute value) name", caching resolved texts. */
class WorkIndex {
  private readonly byId = new Map<string, BimRuleWork>();
  private readonly byName = new Map<string, BimRuleWork[]>();
  private readonly cache = new Map<string, string[]>();

  constructor(private readonly works: readonly BimRuleWork[]) {
    for (const w of works) {
      this.byId.set(w.id, w);
      const key = norm(w.name);
      const list = this.byName.get(key);
      if (list) list.push(w);
      else this.byName.set(key, [w]);
    }
  }

  byPath(path: string[]): string[] {
    const key = `p\u0000${path.map(norm).join('\u0000')}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const last = path.at(-1);
    let result: string[] = [];
    if (last !== undefined && last.trim() !== '') {
      const g = globOf(last);
      const ends =
        typeof g === 'string' ? (this.byName.get(g) ?? []) : this.works.filter((w) => g.test(norm(w.name)));
      result = ends
        .filter((w) => {
          let cur: BimRuleWork | undefined = w;
          for (let i = path.length - 2; i >= 0; i--) {
            cur = cur.parentId ? this.byId.get(cur.parentId) : undefined;
            if (!cur || !bimGlobMatch(path[i]!, cur.name)) return false;
          }
          return true;
        })
        .map((w) => w.id);
    }
    this.cache.set(key, result);
    return result;
  }

  byAttribute(attributeId: string, value: string): string[] {
    const key = `a\u0000${attributeId}\u0000${norm(value)}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const result = this.works
      .filter((w) => bimGlobMatch(value, w.attributes?.[attributeId]))
      .map((w) => w.id);
    this.cache.set(key, result);
    return result;
  }
}

/** Applies rules in order to every element; each (element, work) pair is proposed once. */
export function bimLinkRulesApply(
  rules: readonly BimLinkRule[],
  elements: readonly BimRuleElement[],
  works: readonly BimRuleWork[],
): BimLinkProposal[] {
  const index = new WorkIndex(works);
  const seen = new Set<string>();
  const out: BimLinkProposal[] = [];
  rules.forEach((rule, r) => {
    for (const e of elements) {
      if (!bimRuleElementMatches(rule, e)) continue;
      const t = rule.target;
      const workIds =
        t.kind === 'wbs'
          ? index.byPath(t.path.map((p) => bimRuleSubstitute(p, e)))
          : index.byAttribute(t.attributeId, bimRuleSubstitute(t.value, e));
      for (const workId of workIds) {
        const key = `${e.globalId}\u0000${workId}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ elementGlobalId: e.globalId, workId, profileId: rule.profileId ?? null, rule: r });
      }
    }
  });
  return out;
}

export interface BimProcessMatch {
  links: { elementGlobalId: string; workId: string }[];
  /** Tasks that named no work of the version. */
  unmatched: BimProcessLink[];
}

/**
 * Resolves IfcTask assignments to works: by the task's Identification against the work code, else by
 * its name when exactly one work has that name.
 */
export function bimProcessLinksResolve(
  processLinks: readonly BimProcessLink[],
  works: readonly BimRuleWork[],
): BimProcessMatch {
  const byCode = new Map<string, string>();
  const byName = new Map<string, string[]>();
  for (const w of works) {
    if (w.code) byCode.set(norm(w.code), w.id);
    const key = norm(w.name);
    byName.set(key, [...(byName.get(key) ?? []), w.id]);
  }
  const links: BimProcessMatch['links'] = [];
  const unmatched: BimProcessLink[] = [];
  for (const task of processLinks) {
    const byId = task.identification ? byCode.get(norm(task.identification)) : undefined;
    const named = task.name ? byName.get(norm(task.name)) : undefined;
    const workId = byId ?? (named?.length === 1 ? named[0] : undefined);
    if (!workId) {
      unmatched.push(task);
      continue;
    }
    for (const elementGlobalId of task.elementGlobalIds) links.push({ elementGlobalId, workId });
  }
  return { links, unmatched };
}
