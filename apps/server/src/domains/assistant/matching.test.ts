import { decompositionProposal, decompositionTemplate } from '@takt/contracts';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  durationsOf,
  floorsOf,
  matchTemplate,
  proposeFromTemplate,
  splitVolume,
  stem,
  TooShort,
  unitKey,
  type WorkFacts,
} from './matching';
import { BUILT_IN_TEMPLATES } from './templates';

const facts = (name: string, more: Partial<WorkFacts> = {}): WorkFacts => ({
  name,
  unit: null,
  volume: null,
  days: 20,
  attributes: [],
  ...more,
});

/** The built-in templates best first for a work, by key. */
const ranking = (work: WorkFacts) =>
  BUILT_IN_TEMPLATES.map((t) => ({ key: t.key, ...matchTemplate(t, work) }))
    .sort((a, b) => b.score - a.score)
    .filter((m) => m.score > 0);

const sum = (values: readonly number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 1e6) / 1e6;

describe('the templates shipped with Takt', () => {
  it('are eight, every one valid by the contract', () => {
    expect(BUILT_IN_TEMPLATES.map((t) => t.key)).toEqual([
      'earthworks',
      'foundations',
      'monolithic_frame',
      'masonry',
      'roofing',
      'facade',
      'mep_rough_in',
      'finishes',
    ]);
    for (const template of BUILT_IN_TEMPLATES)
      expect(decompositionTemplate.safeParse(template).success).toBe(true);
  });

  it('a template whose shares do not add up to 100 is refused', () => {
    const broken = { ...BUILT_IN_TEMPLATES[0]!, steps: BUILT_IN_TEMPLATES[0]!.steps.slice(1) };
    const parsed = decompositionTemplate.safeParse(broken);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain('assistant.decompose.issue.shares_sum');
  });
});

describe('matching', () => {
  it('stems Russian and English words loosely', () => {
    expect(stem('Фундаментов')).toBe(stem('фундамент'));
    expect(stem('excavations')).toBe(stem('excavation'));
    expect(stem('Кровли')).toBe('кровл');
    expect(unitKey('m³')).toBe('м3');
    expect(unitKey('куб. м')).toBe('м3');
  });

  it('a work named in Russian finds its template first, and says why', () => {
    const [best] = ranking(facts('Разработка грунта в котловане', { unit: 'м3', volume: 4200 }));
    expect(best?.key).toBe('earthworks');
    expect(best?.reasons).toEqual(
      expect.arrayContaining([
        { kind: 'word', word: 'котлован' },
        { kind: 'unit', unit: 'м3' },
        { kind: 'volume' },
      ]),
    );
  });

  it('English names, plural forms and attribute values count too', () => {
    expect(ranking(facts('Roofing works, section B'))[0]?.key).toBe('roofing');
    expect(ranking(facts('Foundations of the tower'))[0]?.key).toBe('foundations');
    const [byAttribute] = ranking(
      facts('Секция 3', { attributes: [{ name: 'Вид работ', value: 'Штукатурка и окраска' }] }),
    );
    expect(byAttribute).toMatchObject({ key: 'finishes', score: 2 });
    expect(byAttribute?.reasons).toContainEqual({
      kind: 'attribute',
      attribute: 'Вид работ',
      word: 'штукатур',
    });
  });

  it('floors told by the name favour the floor-by-floor frame', () => {
    expect(floorsOf(facts('Монолитный каркас 3-7 этаж'))).toEqual({ from: 3, count: 5 });
    expect(floorsOf(facts('Frame, floors 1–4'))).toEqual({ from: 1, count: 4 });
    expect(floorsOf(facts('Каркас, 12 этажей'))).toEqual({ from: 1, count: 12 });
    expect(floorsOf(facts('Каркас', { attributes: [{ name: 'Этажность', value: '9' }] }))).toEqual({
      from: 1,
      count: 9,
    });
    const [best] = ranking(facts('Монолитный каркас 1-5 этаж', { unit: 'м3' }));
    expect(best?.key).toBe('monolithic_frame');
    expect(best?.reasons).toContainEqual({ kind: 'floors', floors: 5 });
  });

  it('a name that says nothing matches nothing', () => {
    expect(ranking(facts('Прочее'))).toEqual([]);
  });
});

describe('the arithmetic of a proposal', () => {
  it('whole days add up to the parent, each sub-work at least one', () => {
    const days = durationsOf(10, [5, 55, 15, 10, 15]);
    expect(sum(days)).toBe(10);
    expect(days.every((d) => Number.isInteger(d) && d >= 1)).toBe(true);
    expect(days).toEqual([1, 6, 1, 1, 1]);
  });

  it('a short or fractional work is split in hundredths of a day, still exactly', () => {
    const days = durationsOf(3, [10, 10, 25, 20, 20, 15]);
    expect(sum(days)).toBe(3);
    expect(days.every((d) => d >= 0.01)).toBe(true);
    expect(sum(durationsOf(7.5, [1, 1, 1]))).toBe(7.5);
    expect(() => allocate(0.02, [1, 1, 1], 0.01)).toThrow(TooShort);
  });

  it('a volume split by shares adds up to it to the thousandth', () => {
    expect(splitVolume(1000, [10, 90])).toEqual([100, 900]);
    const parts = splitVolume(100, [33.34, 33.33, 33.33]);
    expect(sum(parts)).toBe(100);
  });

  it('the frame of five floors: thirty sub-works, the floors chained, the volume split', () => {
    const frame = BUILT_IN_TEMPLATES.find((t) => t.key === 'monolithic_frame')!;
    const proposal = proposeFromTemplate(
      frame,
      frame.key,
      'builtin',
      facts('Монолитный каркас 1-5 этаж', { unit: 'м3', volume: 1500, days: 100 }),
      'ru',
    );
    expect(decompositionProposal.safeParse(proposal).success).toBe(true);
    expect(proposal.items).toHaveLength(30);
    expect(proposal.items[0]).toMatchObject({
      key: 'walls_rebar-f1',
      name: 'Армирование колонн и стен, этаж 1',
      trade: 'Арматурщик',
      volume: null,
    });
    expect(sum(proposal.items.map((i) => i.durationDays))).toBe(100);
    expect(sum(proposal.items.map((i) => i.volume ?? 0))).toBe(1500);
    expect(proposal.items.find((i) => i.key === 'slab_concrete-f2')).toMatchObject({
      volume: 195,
      unit: 'м3',
    });
    // Five relations a floor, and one from each floor's slab to the next floor's walls.
    expect(proposal.relations).toHaveLength(5 * 5 + 4);
    expect(proposal.relations).toContainEqual({
      from: 'slab_concrete-f1',
      to: 'walls_rebar-f2',
      type: 'fs',
      lagDays: 0,
    });
  });

  it('a roof keeps its whole area on every layer, in English', () => {
    const roofing = BUILT_IN_TEMPLATES.find((t) => t.key === 'roofing')!;
    const proposal = proposeFromTemplate(
      roofing,
      'roofing',
      'builtin',
      facts('Roof', { unit: 'm2', volume: 800, days: 15 }),
      'en',
    );
    expect(proposal.items.map((i) => i.volume)).toEqual([800, 800, 800, 800, 800]);
    expect(proposal.items[0]).toMatchObject({ name: 'Vapour barrier', trade: 'Roofer', unit: 'm2' });
    expect(sum(proposal.items.map((i) => i.durationDays))).toBe(15);
  });
});
