import type {
  DecompositionItem,
  DecompositionProposal,
  DecompositionTemplate,
  Localized,
} from '@takt/contracts';

/**
 * Matching a work with the decomposition templates and making a template's proposal for it
 * (docs/product-rules.md, "WBS decomposition"). Pure: the database is read by `decompose.ts`.
 */

/** What the matching knows of a work. */
export interface WorkFacts {
  name: string;
  unit: string | null;
  volume: number | null;
  /** Working days of its duration on its calendar. */
  days: number;
  /** Its attribute values with the attributes' names (texts and numbers). */
  attributes: { name: string; value: string }[];
}

/** Why a template matched: shown beside it. */
export type MatchReason =
  | { kind: 'word'; word: string }
  | { kind: 'attribute'; attribute: string; word: string }
  | { kind: 'unit'; unit: string }
  | { kind: 'floors'; floors: number }
  | { kind: 'volume' };

export interface TemplateMatch {
  score: number;
  reasons: MatchReason[];
}

// Endings of Russian and English words, longest first: a loose stemmer that lets "фундаментов" meet
// "фундамент" and "excavations" meet "excavation" without a dictionary.
const ENDINGS = [
  'ations',
  'ation',
  'ings',
  'ing',
  'ions',
  'ion',
  'ies',
  'es',
  'ed',
  's',
  'иями',
  'ями',
  'ами',
  'ого',
  'его',
  'ому',
  'ему',
  'ыми',
  'ими',
  'ной',
  'ный',
  'ная',
  'ное',
  'ные',
  'ой',
  'ый',
  'ий',
  'ая',
  'яя',
  'ое',
  'ее',
  'ые',
  'ие',
  'ов',
  'ев',
  'ей',
  'ам',
  'ям',
  'ах',
  'ях',
  'ом',
  'ем',
  'ию',
  'ия',
  'ы',
  'и',
  'а',
  'я',
  'о',
  'е',
  'у',
  'ю',
  'ь',
  'й',
];

/** A word lower-cased, ё as е, with one ending cut off while at least four letters stay. */
export function stem(word: string): string {
  const plain = word.toLowerCase().replaceAll('ё', 'е');
  for (const ending of ENDINGS)
    if (plain.endsWith(ending) && plain.length - ending.length >= 4) return plain.slice(0, -ending.length);
  return plain;
}

const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;
const words = (text: string) => (text.match(WORD) ?? []).map(stem);

/** Whether a word of the work (stemmed) is the keyword (stemmed): the same, or one begins the other. */
function wordMatches(word: string, keyword: string): boolean {
  if (word === keyword) return true;
  if (keyword.length >= 3 && word.startsWith(keyword)) return true;
  return word.length >= 5 && keyword.startsWith(word);
}

/** m³, м3, куб.м, m^3 → м3 / m3 alike. */
export function unitKey(unit: string): string {
  const plain = unit
    .toLowerCase()
    .replaceAll('³', '3')
    .replaceAll('²', '2')
    .replace(/[\s.^]/g, '');
  const named: Record<string, string> = { кубм: 'м3', мкуб: 'м3', квм: 'м2', мкв: 'м2', m3: 'м3', m2: 'м2' };
  return named[plain] ?? plain;
}

/** Floors a name or an attribute tells: "1–5 этаж", "floors 2-9", "12 этажей", "5 storeys". */
export function floorsOf(
  facts: Pick<WorkFacts, 'name' | 'attributes'>,
): { from: number; count: number } | null {
  const floor = '(?:этаж\\p{L}*|эт\\.?|floors?|storeys?|stories|levels?)';
  const range = [
    new RegExp(`(\\d{1,3})\\s*[-–—]\\s*(\\d{1,3})\\s*(?:-?\\p{L}{1,2}\\s+)?${floor}`, 'iu'),
    new RegExp(`${floor}\\s*(\\d{1,3})\\s*[-–—]\\s*(\\d{1,3})`, 'iu'),
  ];
  for (const pattern of range) {
    const found = facts.name.match(pattern);
    if (found) {
      const [a, b] = [Number(found[1]), Number(found[2])];
      if (b >= a) return { from: a, count: b - a + 1 };
    }
  }
  const count = facts.name.match(/(\d{1,3})\s*-?\s*(?:этажей|этажа|floors|storeys|stories|levels)/iu);
  if (count && Number(count[1]) > 0) return { from: 1, count: Number(count[1]) };
  for (const attribute of facts.attributes) {
    if (!/этаж|floor|storey|level/i.test(attribute.name)) continue;
    const n = Number(attribute.value);
    if (Number.isInteger(n) && n > 0 && n < 1000) return { from: 1, count: n };
  }
  return null;
}

/**
 * How well a template fits a work: each of its keywords in the name weighs 3, in an attribute's value 1;
 * then, when any did, a unit of volume it is made for 2, a volume to split 1, floors told for a
 * floor-by-floor template 2.
 */
export function matchTemplate(template: DecompositionTemplate, facts: WorkFacts): TemplateMatch {
  const reasons: MatchReason[] = [];
  let score = 0;
  const keywords = [...template.keywords.ru, ...template.keywords.en];
  const nameWords = words(facts.name);
  const seen = new Set<string>();
  for (const keyword of keywords) {
    const key = stem(keyword);
    if (seen.has(key)) continue;
    if (nameWords.some((word) => wordMatches(word, key))) {
      seen.add(key);
      score += 3;
      reasons.push({ kind: 'word', word: keyword });
    }
  }
  for (const attribute of facts.attributes) {
    const valueWords = words(attribute.value);
    for (const keyword of keywords) {
      const key = stem(keyword);
      if (seen.has(key)) continue;
      if (valueWords.some((word) => wordMatches(word, key))) {
        seen.add(key);
        score += 1;
        reasons.push({ kind: 'attribute', attribute: attribute.name, word: keyword });
      }
    }
  }
  // The unit, the volume and the floors only add to a template some word already points to: a volume in
  // m³ alone says nothing of what the work is.
  if (score === 0) return { score, reasons };
  if (facts.unit && template.units.some((unit) => unitKey(unit) === unitKey(facts.unit!))) {
    score += 2;
    reasons.push({ kind: 'unit', unit: facts.unit });
  }
  if (facts.volume && template.volume !== 'none') {
    score += 1;
    reasons.push({ kind: 'volume' });
  }
  if (template.perFloor) {
    const floors = floorsOf(facts);
    if (floors && floors.count > 1) {
      score += 2;
      reasons.push({ kind: 'floors', floors: floors.count });
    }
  }
  return { score, reasons };
}

/** A total the work cannot be split into: fewer hundredths of a day than sub-works. */
export class TooShort extends Error {}

/**
 * Splits `total` into parts of `weights` that are whole multiples of `step` and add up to it exactly,
 * each at least one step: the largest remainders method, with parts raised to one step paid for by the
 * largest parts.
 */
export function allocate(total: number, weights: readonly number[], step: number): number[] {
  const units = Math.round(total / step);
  const n = weights.length;
  if (units < n) throw new TooShort();
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (units * w) / sum : units / n));
  const whole = exact.map((e) => Math.max(1, Math.floor(e)));
  let left = units - whole.reduce((a, b) => a + b, 0);
  const byRest = exact
    .map((e, k) => ({ k, rest: e - whole[k]! }))
    .sort((a, b) => b.rest - a.rest || a.k - b.k);
  for (let i = 0; left > 0; i = (i + 1) % n, left--) whole[byRest[i]!.k]! += 1;
  // Too many after the raises: taken from the parts furthest above their share, never below one step.
  for (let i = n - 1; left < 0; i = i === 0 ? n - 1 : i - 1) {
    const k = byRest[i]!.k;
    if (whole[k]! > 1) {
      whole[k]! -= 1;
      left++;
    }
  }
  // In hundredths the parts are rounded back to their decimals (no 0.30000000000000004).
  return whole.map((w) => round(w * step, 6));
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** Working days to split: whole days when the work lasts whole days enough for the sub-works, else hundredths. */
export function durationsOf(days: number, weights: readonly number[]): number[] {
  const whole = Math.abs(days - Math.round(days)) < 1e-6 && Math.round(days) >= weights.length;
  return allocate(whole ? Math.round(days) : round(days, 2), weights, whole ? 1 : 0.01);
}

/** A volume split by shares (per cent) to three decimals, the rounding left on the largest share. */
export function splitVolume(volume: number, shares: readonly number[]): number[] {
  const parts = shares.map((share) => round((volume * share) / 100, 3));
  const total = shares.reduce((a, b) => a + b, 0);
  if (total <= 0) return parts;
  const largest = shares.indexOf(Math.max(...shares));
  parts[largest] = round(
    volume * (total / 100) - parts.reduce((a, b, k) => (k === largest ? a : a + b), 0),
    3,
  );
  return parts;
}

const pick = (text: Localized, language: string) => (language === 'ru' ? text.ru : text.en);

/** At most this many sub-works (the proposal's limit): a floor-by-floor template stops at as many floors. */
const MAX_ITEMS = 200;

/**
 * The proposal of a template for a work: its steps (repeated floor by floor when the template says so
 * and the work tells its floors), durations that add up to the work's, its volume split by the
 * template's rule, the trades; relations as the template has them, and from the last steps of one floor
 * to the first of the next.
 */
export function proposeFromTemplate(
  template: DecompositionTemplate,
  templateKey: string,
  source: 'builtin' | 'space',
  facts: WorkFacts,
  language: string,
): DecompositionProposal {
  const floors = template.perFloor ? floorsOf(facts) : null;
  const count = floors ? Math.min(floors.count, Math.floor(MAX_ITEMS / template.steps.length)) : 1;
  const from = floors?.from ?? 1;
  const floorWord = language === 'ru' ? 'этаж' : 'floor';
  const steps = Array.from({ length: count }, (_, f) =>
    template.steps.map((step) => ({
      step,
      key: count > 1 ? `${step.key}-f${f + 1}` : step.key,
      name: count > 1 ? `${pick(step.name, language)}, ${floorWord} ${from + f}` : pick(step.name, language),
    })),
  ).flat();
  const durations = durationsOf(
    facts.days,
    steps.map(({ step }) => step.share),
  );
  let volumes: (number | null)[] = steps.map(() => null);
  if (facts.volume !== null && template.volume === 'whole') volumes = steps.map(() => facts.volume);
  if (facts.volume !== null && template.volume === 'shares') {
    const split = splitVolume(
      facts.volume,
      steps.map(({ step }) => (step.volumeShare ?? 0) / count),
    );
    volumes = split.map((v, k) => ((steps[k]!.step.volumeShare ?? 0) > 0 ? v : null));
  }
  const items: DecompositionItem[] = steps.map(({ step, key, name }, k) => ({
    key,
    name,
    durationDays: durations[k]!,
    volume: volumes[k]!,
    unit: volumes[k] === null ? null : (step.unit ?? facts.unit),
    trade: pick(step.trade, language),
  }));
  const keyOf = (stepKey: string, f: number) => (count > 1 ? `${stepKey}-f${f + 1}` : stepKey);
  const relations: DecompositionProposal['relations'] = [];
  const hasIn = new Set(template.relations.map((r) => r.to));
  const hasOut = new Set(template.relations.map((r) => r.from));
  for (let f = 0; f < count; f++) {
    for (const r of template.relations)
      relations.push({ from: keyOf(r.from, f), to: keyOf(r.to, f), type: r.type, lagDays: r.lagDays });
    if (f + 1 < count)
      for (const last of template.steps.filter((s) => !hasOut.has(s.key)))
        for (const first of template.steps.filter((s) => !hasIn.has(s.key)))
          relations.push({ from: keyOf(last.key, f), to: keyOf(first.key, f + 1), type: 'fs', lagDays: 0 });
  }
  return { source, templateKey, items, relations };
}
