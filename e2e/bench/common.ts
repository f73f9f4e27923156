import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';

/**
 * The schedule sizes measured, in order: `TAKT_BENCH_WORKS` (a comma-separated list, e.g. `10000` while
 * developing the benchmark) or both 10,000 and 100,000 works.
 */
export const SIZES = (process.env.TAKT_BENCH_WORKS ?? '10000,100000')
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => Number.isInteger(size) && size > 0);

/** How long one thing may take to appear at a size: seconds for 10,000 works, a minute for 100,000. */
export const waitMs = (works: number) => Math.max(15_000, Math.round((works / 100_000) * 60_000));

export const RESULTS_DIR = fileURLToPath(new URL('../test-results/', import.meta.url));
export const resultFile = (works: number) => `${RESULTS_DIR}schedule-bench-${works}.json`;

export function writeResult(works: number, result: object): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(resultFile(works), JSON.stringify(result));
}

/** The demo schedule's opening figures (the report prints them beside the generated schedules'). */
export const DEMO_RESULT_FILE = `${RESULTS_DIR}schedule-bench-demo.json`;

export function writeDemoResult(result: object): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(DEMO_RESULT_FILE, JSON.stringify(result));
}

export interface Stats {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  max: number;
}

export function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
  return { count: values.length, mean, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0 };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Waits until `check` holds in the page, tested each animation frame (a locator polled instead would
 * have Playwright build an accessibility snapshot of the whole page at each failed poll, on the main
 * thread being measured). Fails after `timeout` saying what did not appear.
 */
export async function appear(page: Page, what: string, timeout: number, check: () => unknown): Promise<void> {
  try {
    await page.waitForFunction(check, undefined, { timeout, polling: 'raf' });
  } catch (error) {
    throw new Error(`${what} did not appear within ${timeout / 1000} s (${page.url()})`, { cause: error });
  }
}

/** A REST call of the API as the bench's user; fails with the call and the server's answer. */
export function restClient(request: APIRequestContext, token: string, timeout: number) {
  const call = async (method: 'get' | 'post' | 'patch', path: string, data?: unknown) => {
    const response = await request[method](`/api/v1${path}`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Language': 'en' },
      data,
      timeout,
    });
    if (!response.ok())
      throw new Error(`${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  return {
    get: <T>(path: string) => call('get', path) as Promise<T>,
    post: <T>(path: string, data?: unknown) => call('post', path, data) as Promise<T>,
    patch: <T>(path: string, data?: unknown) => call('patch', path, data) as Promise<T>,
  };
}
