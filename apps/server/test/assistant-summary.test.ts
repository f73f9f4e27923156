import { afterEach, describe, expect, it } from 'vitest';
import { fakeModel } from './fake-model';
import { ownSpace, scheduleWithVersion, serverForFile } from './fixtures';

const t = serverForFile();

const DAY = 480;

type Summary =
  | { status: 'pending'; askedAt: string }
  | { status: 'written'; text: string; language: string; model: string }
  | { status: 'failed'; reason: string };
type Answer = { run: { id: string }; analysis: { score: number }; summary: Summary | null };

const { fake, modelOn, reset } = fakeModel();
afterEach(reset);

/** W1 (5 days) and W2 (50 days, too long) unlinked: missing logic, open ends, high duration fail. */
async function twoTasks(space: Awaited<ReturnType<typeof ownSpace>>) {
  const { versionId, v } = await scheduleWithVersion(space.ok);
  for (const [name, days] of [
    ['Разработка котлована', 5],
    ['Монолитный каркас', 50],
  ] as const)
    await space.ok('POST', `${v}/wbs`, { name, planStart: '2025-03-03T08:00', durationMinutes: days * DAY });
  return versionId;
}

describe('schedule assistant: the language model’s summary of a run', () => {
  /** Runs the analysis in `lang`, then reads the run until its summary is no longer pending. */
  async function run(space: Awaited<ReturnType<typeof ownSpace>>, versionId: string, lang: 'ru' | 'en') {
    const reply = await t.api<Answer>(
      'POST',
      `/space/${space.spaceId}/ai/versions/${versionId}/schedule-analytics`,
      undefined,
      { token: space.token, lang },
    );
    expect(reply.status).toBe(200);
    const answer = reply.body;
    let summary = answer.summary;
    for (let k = 0; k < 100 && summary?.status === 'pending'; k++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      summary = (await space.ok<{ summary: Summary | null }>('GET', `/ai/history-item/${answer.run.id}`))
        .summary;
    }
    return { answer, summary };
  }

  it('without a model there is none, and nothing is asked', async () => {
    const space = await ownSpace(t, 'summary-off', 'Без модели');
    const versionId = await twoTasks(space);
    const { answer, summary } = await run(space, versionId, 'en');
    expect([answer.summary, summary, fake.asked]).toEqual([null, null, null]);
  });

  it('a good answer is kept with the run as plain text in the user’s language; the model gets figures and names', async () => {
    const space = await ownSpace(t, 'summary-good', 'Итог');
    const versionId = await twoTasks(space);
    modelOn();
    fake.reply = JSON.stringify({
      summary:
        '## Итог\n**Оценка 60.** Не хватает связей у работ «Разработка котлована» и «Монолитный каркас»; <b>начните</b> с логики.',
    });
    const { answer, summary } = await run(space, versionId, 'ru');
    // The run answers at once; the summary comes later.
    expect(answer.summary?.status).toBe('pending');
    expect(summary).toEqual({
      status: 'written',
      text: 'Итог\nОценка 60. Не хватает связей у работ «Разработка котлована» и «Монолитный каркас»; начните с логики.',
      language: 'ru',
      model: 'planner-1',
    });
    expect(fake.asked?.model).toBe('planner-1');
    expect(fake.asked?.messages[0]?.content).toContain('Write in Russian');
    const told = JSON.parse(fake.asked!.messages[1]!.content) as {
      score: number;
      failed: { check: string; works: string[] }[];
    };
    expect(told.score).toBe(answer.analysis.score);
    const logic = told.failed.find((c) => c.check === 'Нет связей');
    expect(logic?.works).toEqual([
      expect.stringMatching(/ Разработка котлована$/),
      expect.stringMatching(/ Монолитный каркас$/),
    ]);

    // In English the model is asked in English, with the checks' English names.
    fake.reply = JSON.stringify({ summary: 'Two tasks lack logic; start by linking them.' });
    const en = await run(space, versionId, 'en');
    expect(en.summary).toMatchObject({ status: 'written', language: 'en' });
    expect(fake.asked?.messages[1]?.content).toContain('Missing logic');
  });

  it('prose, an empty or an overlong summary, a server error and a timeout fail — the run stands', async () => {
    const space = await ownSpace(t, 'summary-bad', 'Плохие ответы');
    const versionId = await twoTasks(space);
    modelOn();
    const failed = async (reason: string) => {
      const { answer, summary } = await run(space, versionId, 'en');
      expect(answer.analysis.score).toBeGreaterThan(0);
      expect(summary).toEqual({ status: 'failed', reason });
    };
    fake.reply = 'Sure! The schedule looks mostly fine, but link your works.';
    await failed('bad_answer');
    fake.reply = JSON.stringify({ summary: '**  **' });
    await failed('bad_answer');
    fake.reply = JSON.stringify({ summary: 'x'.repeat(1300) });
    await failed('bad_answer');
    fake.reply = JSON.stringify({ text: 'Two tasks lack logic; start by linking them.' });
    await failed('bad_answer');
    fake.status = 500;
    await failed('unavailable');
    fake.status = 200;
    fake.hang = true;
    process.env.TAKT_AI_TIMEOUT_MS = '300';
    await failed('timeout');
    const history = await space.ok<{ id: string }[]>('GET', `/ai/versions/${versionId}/history-list`);
    expect(history).toHaveLength(6);
  });
});
