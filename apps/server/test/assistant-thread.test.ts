import type { EngineProject } from '@takt/engine';
import { describe, expect, it } from 'vitest';
import { AnalysisRefused, analyse } from '../src/domains/assistant/thread';

const DAY = 480;
const project = (cycle: boolean): EngineProject => ({
  calendars: [{ id: 'std' }],
  defaultCalendarId: 'std',
  projectStart: '2026-03-02T08:00',
  works: ['a', 'b', 'c'].map((id) => ({ id, type: 'task' as const, durationMinutes: 5 * DAY })),
  relations: [
    { predecessorId: 'a', successorId: 'b', type: 'fs' as const },
    { predecessorId: 'b', successorId: 'c', type: 'fs' as const },
    ...(cycle ? [{ predecessorId: 'c', successorId: 'a', type: 'fs' as const }] : []),
  ],
});

describe('the schedule analysis in its thread', () => {
  it('answers what it answers inline, for several at once (two threads at a time)', async () => {
    const job = {
      project: project(false),
      options: {},
      facts: { withResources: new Set(['a']) },
      settings: {},
    };
    const inline = await analyse(job, false);
    const threaded = await Promise.all([analyse(job, true), analyse(job, true), analyse(job, true)]);
    for (const answer of threaded) expect(answer).toEqual(inline);
    expect(inline.checks.find((c) => c.id === 'resources')?.workIds).toEqual(['b', 'c']);
  });

  it('refuses a cycle naming its works, in the thread as inline', async () => {
    const job = { project: project(true), options: {}, facts: {}, settings: {} };
    for (const inThread of [false, true]) {
      const error = await analyse(job, inThread).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AnalysisRefused);
      expect((error as AnalysisRefused).refusal.code).toBe('cycle');
      expect([...(error as AnalysisRefused).refusal.workIds].sort()).toEqual(['a', 'b', 'c']);
    }
  });
});
