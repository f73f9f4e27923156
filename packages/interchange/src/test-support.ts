/** Helpers the package's own tests share (kept out of `testing.ts`, which other workspaces import). */
import { InterchangeError } from './common/errors.js';

/**
 * The error a read refuses its input with. Any other outcome fails the test: a read that succeeds, or an
 * error of another kind (rethrown as it is, so its stack shows where it came from).
 */
export async function refusal(p: Promise<unknown>): Promise<InterchangeError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof InterchangeError) return e;
    throw e;
  }
  throw new Error('expected an InterchangeError');
}

/** A seeded generator (mulberry32) of numbers in [0, 1), so that a fuzz run can be repeated exactly. */
export function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
