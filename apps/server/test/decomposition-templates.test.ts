import { describe, expect, it } from 'vitest';
import { type Failure, ownSpace, serverForFile, spaceMember } from './fixtures';

const t = serverForFile();

type Template = {
  key: string;
  name: { ru: string; en: string };
  steps: { key: string; share: number; volumeShare?: number }[];
  relations: unknown[];
};
type Preview = {
  score: number;
  reasons: { kind: string; word?: string }[];
  ahead: { id: string; source: string; name: string; score: number }[];
  proposal: {
    source: string;
    templateKey: string;
    items: { key: string; name: string; durationDays: number; volume: number | null; trade: string | null }[];
    relations: { from: string; to: string; type: string; lagDays: number }[];
  };
};

const step = (key: string, ru: string, en: string, share: number, volumeShare?: number) => ({
  key,
  name: { ru, en },
  share,
  trade: { ru: 'Монтажник', en: 'Fitter' },
  ...(volumeShare === undefined ? {} : { volumeShare }),
});

/** A space's template of pile works: two steps, volume split 30/70, matched by "сва…" and "pile". */
const piles = {
  key: 'piles',
  name: { ru: 'Свайное поле', en: 'Pile field' },
  keywords: { ru: ['свай', 'сваи'], en: ['pile', 'piling'] },
  units: ['шт'],
  volume: 'shares',
  steps: [
    step('test', 'Пробные сваи', 'Test piles', 20, 30),
    step('drive', 'Погружение свай', 'Driving', 80, 70),
  ],
  relations: [{ from: 'test', to: 'drive', type: 'fs', lagDays: 1 }],
};

describe('schedule assistant: the space administrator’s templates', () => {
  it('lists Takt’s templates to whoever sees schedules, read only', async () => {
    const space = await ownSpace(t, 'templates-reader', 'Шаблоны Takt');
    const shipped = await space.ok<{ key: string; template: Template }[]>(
      'GET',
      '/ai/decomposition-templates/built-in',
    );
    expect(shipped.map((x) => x.key)).toEqual([
      'earthworks',
      'foundations',
      'monolithic_frame',
      'masonry',
      'roofing',
      'facade',
      'mep_rough_in',
      'finishes',
    ]);
    expect(shipped[0]!.template).toMatchObject({ key: 'earthworks', name: { en: 'Earthworks' } });
    const planner = await spaceMember(t, space, 'templates-reader-planner', 'planner');
    expect((await planner.call('GET', '/ai/decomposition-templates/built-in')).status).toBe(200);
  });

  it('tries a draft on a sample: its match, the templates ahead of it, its proposal; nothing saved', async () => {
    const space = await ownSpace(t, 'templates-preview', 'Предпросмотр');
    const { ok } = space;
    const sample = { name: 'Свайное поле и фундаменты', unit: 'шт', volume: 100, days: 10 };
    const answer = await ok<Preview>('POST', '/ai/decomposition-templates/preview', {
      template: piles,
      sample,
      language: 'en',
    });
    // "свай" (3) and the unit (2) and a volume to split (1); the foundations template ("свай",
    // "фундамент") scores more on the same work and would be offered first.
    expect(answer.score).toBe(6);
    expect(answer.reasons.map((r) => r.kind)).toEqual(['word', 'unit', 'volume']);
    expect(answer.ahead).toEqual([
      { id: 'foundations', source: 'builtin', name: 'Foundations', score: expect.any(Number) },
    ]);
    expect(answer.proposal).toEqual({
      source: 'space',
      templateKey: 'draft',
      items: [
        { key: 'test', name: 'Test piles', durationDays: 2, volume: 30, unit: 'шт', trade: 'Fitter' },
        { key: 'drive', name: 'Driving', durationDays: 8, volume: 70, unit: 'шт', trade: 'Fitter' },
      ],
      relations: [{ from: 'test', to: 'drive', type: 'fs', lagDays: 1 }],
    });
    expect(await ok('GET', '/ai/decomposition-templates')).toEqual([]);

    // A saved template being edited: the draft stands in for it (its id is the proposal's key).
    const saved = await ok<{ id: string }>('POST', '/ai/decomposition-templates', { template: piles });
    const edited = await ok<Preview>('POST', '/ai/decomposition-templates/preview', {
      template: { ...piles, keywords: { ru: ['свай', 'фундамент', 'поле'], en: [] } },
      templateId: saved.id,
      sample: { ...sample, attributes: [{ name: 'Раздел', value: 'Нулевой цикл' }] },
    });
    expect(edited.proposal.templateKey).toBe(saved.id);
    expect(edited.proposal.items.map((i) => i.name)).toEqual(['Пробные сваи', 'Погружение свай']);
    expect(edited.ahead).toEqual([]);
  });

  it('refuses a draft that does not add up, a sample too short for it, and anyone but an administrator', async () => {
    const space = await ownSpace(t, 'templates-refused', 'Отказы');
    const post = (body: unknown, lang: 'en' | 'ru' = 'en') =>
      t.api<Failure>('POST', `/space/${space.spaceId}/ai/decomposition-templates/preview`, body, {
        token: space.token,
        lang,
      });
    const sample = { name: 'Сваи', days: 10 };
    const broken = await post({
      template: { ...piles, steps: [{ ...piles.steps[0], share: 10 }, piles.steps[1]] },
      sample,
    });
    expect(broken.status).toBe(400);
    expect(broken.body.issues).toContainEqual({
      path: 'template.steps',
      message: 'assistant.decompose.issue.shares_sum',
      params: {},
    });
    expect(JSON.stringify(broken.body.error_message)).toContain('must add up to 100 %');
    const ru = await post(
      {
        template: { ...piles, volume: 'shares', steps: [step('a', 'А', 'A', 50), step('b', 'Б', 'B', 50)] },
        sample,
      },
      'ru',
    );
    expect(JSON.stringify(ru.body.error_message)).toContain('Доли шагов в объёме');

    const short = await post({ template: piles, sample: { ...sample, days: 0.01 } });
    expect(short.status).toBe(400);
    expect(short.body.issues?.[0]).toMatchObject({ path: 'sample.days' });
    expect(JSON.stringify(short.body.error_message)).toContain('too short');
    expect((await post({ template: piles, sample: { name: ' ', days: -1 } })).status).toBe(400);

    const planner = await spaceMember(t, space, 'templates-refused-planner', 'planner');
    expect(
      (await planner.call('POST', '/ai/decomposition-templates/preview', { template: piles, sample })).status,
    ).toBe(403);
  });
});
