import { ASSISTANT_CHECKS, ASSISTANT_DCMA_CHECKS } from '@takt/contracts';
import { ANALYSIS_CHECKS, DCMA_CHECKS } from '@takt/engine';
import { describe, expect, it } from 'vitest';

// The API names the checks the engine figures: the two lists are one list, in one order.
describe('assistant checks', () => {
  it('are the engine’s checks, the DCMA points first', () => {
    expect(ASSISTANT_DCMA_CHECKS).toEqual(DCMA_CHECKS);
    expect(ASSISTANT_CHECKS).toEqual(ANALYSIS_CHECKS);
  });
});
