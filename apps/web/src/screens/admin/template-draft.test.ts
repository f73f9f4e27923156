import { decompositionTemplate } from '@takt/contracts';
import { describe, expect, it } from 'vitest';
import {
  addStep,
  blankDraft,
  checkDraft,
  copyOf,
  draftOf,
  freeKey,
  moveStep,
  removeStep,
  renameStep,
  serverDraftErrors,
  sharesSum,
} from './template-draft';

const piles = decompositionTemplate.parse({
  key: 'piles',
  name: { ru: 'Сваи', en: 'Piles' },
  keywords: { ru: ['свай'], en: ['pile', 'piling'] },
  units: ['шт', 'pcs'],
  volume: 'shares',
  steps: [
    {
      key: 'test',
      name: { ru: 'Пробные', en: 'Test' },
      share: 20,
      volumeShare: 30,
      trade: { ru: 'М', en: 'F' },
    },
    {
      key: 'drive',
      name: { ru: 'Погружение', en: 'Driving' },
      share: 80,
      volumeShare: 70,
      unit: 'м',
      trade: { ru: 'М', en: 'F' },
    },
  ],
  relations: [{ from: 'test', to: 'drive', type: 'ss', lagDays: 1.5 }],
});

describe('the template editor’s draft', () => {
  it('turns a template into typed text and back into the same template', () => {
    const draft = draftOf(piles);
    expect(draft.keywords).toEqual({ ru: 'свай', en: 'pile, piling' });
    expect(draft.units).toBe('шт, pcs');
    expect(draft.steps[1]).toMatchObject({ share: '80', volumeShare: '70', unit: 'м' });
    expect(checkDraft(draft)).toEqual({ ok: true, template: piles });
  });

  it('reads commas as decimal points and leaves the volume shares out when the volume is not split', () => {
    const draft = draftOf(piles);
    draft.steps[0]!.share = '20,5';
    draft.steps[1]!.share = '79,5';
    draft.volume = 'whole';
    const checked = checkDraft(draft);
    expect(checked.ok && checked.template.steps.map((s) => [s.share, s.volumeShare])).toEqual([
      [20.5, undefined],
      [79.5, undefined],
    ]);
  });

  it('tells each field’s first issue by its path, a list’s items at the list', () => {
    const draft = blankDraft();
    draft.steps[0]!.share = '40';
    draft.steps[1]!.share = 'x';
    draft.units = `м3, ${'a'.repeat(20)}`;
    draft.key = 'Не ключ';
    const checked = checkDraft(draft);
    expect(checked.ok).toBe(false);
    const errors = checked.ok ? {} : checked.errors;
    expect(errors['name.ru']?.message).toBe('validation.required');
    expect(errors['steps.1.share']?.message).toBe('validation.not_a_number');
    expect(errors['steps.0.trade.en']?.message).toBe('validation.required');
    expect(errors.units).toEqual({ message: 'validation.max_length', params: { max: 16 } });
    expect(errors.key?.message).toBe('validation.prohibited_characters');
    // 40 and NaN do not add up to 100 (the sum is checked once every step parses)
    draft.steps[1]!.share = '50';
    const sum = checkDraft(draft);
    expect(!sum.ok && sum.errors.steps?.message).toBe('assistant.decompose.issue.shares_sum');
    expect(sharesSum(draft, 'share')).toBe(90);
  });

  it('reads the server’s issues under a prefix', () => {
    expect(
      serverDraftErrors(
        [
          { path: 'template.steps', message: 'assistant.decompose.issue.shares_sum' },
          { path: 'template.keywords.en.3', message: 'validation.max_length', params: { max: 40 } },
          { path: 'sample.days', message: 'assistant.decompose.error.too_short' },
        ],
        'template',
      ),
    ).toEqual({
      steps: { message: 'assistant.decompose.issue.shares_sum', params: undefined },
      'keywords.en': { message: 'validation.max_length', params: { max: 40 } },
    });
  });

  it('keeps the relations with the steps they name', () => {
    let draft = draftOf(piles);
    draft = renameStep(draft, 0, 'trial');
    expect(draft.relations[0]).toMatchObject({ from: 'trial', to: 'drive' });
    draft = addStep(draft);
    expect(draft.steps.map((s) => s.key)).toEqual(['trial', 'drive', 'step-3']);
    expect(draft.relations.at(-1)).toEqual({ from: 'drive', to: 'step-3', type: 'fs', lagDays: '0' });
    draft = moveStep(draft, 2, -1);
    expect(draft.steps.map((s) => s.key)).toEqual(['trial', 'step-3', 'drive']);
    expect(moveStep(draft, 0, -1)).toBe(draft);
    draft = removeStep(draft, 2);
    expect(draft.relations).toEqual([]);
  });

  it('copies a template under a key the space has not got, its name marked in both languages', () => {
    expect(freeKey('Piles copy!', [])).toBe('piles-copy');
    expect(freeKey('piles-copy', ['piles-copy', 'piles-copy-2'])).toBe('piles-copy-3');
    const copy = copyOf(piles, { ru: '(копия)', en: '(copy)' }, ['piles-copy']);
    expect(copy.key).toBe('piles-copy-2');
    expect(copy.name).toEqual({ ru: 'Сваи (копия)', en: 'Piles (copy)' });
    expect(copy.steps).toEqual(draftOf(piles).steps);
  });
});
