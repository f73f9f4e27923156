import { EngineError } from '../engine-error.js';

/**
 * A single-mode resource-constrained project scheduling problem (PSPLIB `.sm`): jobs with integer
 * durations and per-period demands on renewable resources, finish-to-start precedence, capacities.
 * Jobs are numbered from 0 here (the file numbers them from 1; the first and last are dummies).
 */
export interface PsplibInstance {
  readonly jobCount: number;
  readonly resourceCount: number;
  readonly horizon: number;
  readonly durations: readonly number[];
  /** `demands[job][resource]`, per period while the job runs. */
  readonly demands: readonly (readonly number[])[];
  readonly successors: readonly (readonly number[])[];
  readonly capacities: readonly number[];
}

function fail(message: string): never {
  throw new EngineError('invalid_project', `PSPLIB: ${message}`);
}

function numbersOf(line: string): number[] {
  return line
    .trim()
    .split(/\s+/)
    .filter((token) => token !== '')
    .map((token) => {
      const value = Number(token);
      if (!Number.isInteger(value) || value < 0)
        fail(`"${token}" is not a whole number ≥ 0 in "${line.trim()}"`);
      return value;
    });
}

/** The lines after the line holding `title`, up to the next line of asterisks. */
function section(lines: readonly string[], title: string): string[] {
  const at = lines.findIndex((line) => line.trimStart().startsWith(title));
  if (at < 0) fail(`no "${title}" section`);
  const body: string[] = [];
  for (let k = at + 1; k < lines.length && !lines[k]!.startsWith('*'); k++) {
    if (lines[k]!.trim() !== '') body.push(lines[k]!);
  }
  return body;
}

function field(lines: readonly string[], label: RegExp): number {
  for (const line of lines) {
    const match = label.exec(line);
    if (match) return Number(match[1]);
  }
  return fail(`no field ${label.source}`);
}

/** Reads a PSPLIB single-mode `.sm` file. Throws `EngineError` (`invalid_project`) on anything else. */
export function psplibRead(text: string): PsplibInstance {
  const lines = text.split(/\r?\n/);
  const jobCount = field(lines, /^jobs \(incl\. supersource\/sink \)\s*:\s*(\d+)/);
  const horizon = field(lines, /^horizon\s*:\s*(\d+)/);
  const resourceCount = field(lines, /^\s*- renewable\s*:\s*(\d+)/);
  const nonrenewable = field(lines, /^\s*- nonrenewable\s*:\s*(\d+)/);
  if (nonrenewable > 0) fail('non-renewable resources are not supported (single-mode .sm only)');
  if (jobCount < 2) fail('fewer than two jobs');

  const successors: number[][] = Array.from({ length: jobCount }, () => []);
  const precedence = section(lines, 'PRECEDENCE RELATIONS:').slice(1);
  if (precedence.length !== jobCount) fail(`${precedence.length} precedence rows for ${jobCount} jobs`);
  for (const line of precedence) {
    const [job, modes, count, ...rest] = numbersOf(line);
    if (job === undefined || job < 1 || job > jobCount) fail(`bad job number in "${line.trim()}"`);
    if (modes !== 1) fail(`job ${job} has ${modes} modes (single-mode .sm only)`);
    if (rest.length !== count) fail(`job ${job} lists ${rest.length} successors, not ${count}`);
    for (const successor of rest) {
      if (successor < 1 || successor > jobCount || successor === job)
        fail(`job ${job}: bad successor ${successor}`);
      successors[job - 1]!.push(successor - 1);
    }
  }

  const durations = new Array<number>(jobCount).fill(-1);
  const demands: number[][] = Array.from({ length: jobCount }, () => []);
  const requests = section(lines, 'REQUESTS/DURATIONS:').filter((line) => /^\s*\d/.test(line));
  if (requests.length !== jobCount) fail(`${requests.length} request rows for ${jobCount} jobs`);
  for (const line of requests) {
    const [job, , duration, ...rest] = numbersOf(line);
    if (job === undefined || job < 1 || job > jobCount || duration === undefined)
      fail(`bad row "${line.trim()}"`);
    if (rest.length !== resourceCount)
      fail(`job ${job} has ${rest.length} demands for ${resourceCount} resources`);
    durations[job - 1] = duration;
    demands[job - 1] = rest;
  }
  if (durations.includes(-1)) fail('a job has no duration');

  const availability = section(lines, 'RESOURCEAVAILABILITIES:').filter((line) => /^\s*\d/.test(line));
  const capacities = availability[0] === undefined ? [] : numbersOf(availability[0]);
  if (capacities.length !== resourceCount)
    fail(`${capacities.length} capacities for ${resourceCount} resources`);
  for (let j = 0; j < jobCount; j++) {
    for (let r = 0; r < resourceCount; r++) {
      if (demands[j]![r]! > capacities[r]!) fail(`job ${j + 1} needs more of R${r + 1} than there is`);
    }
  }
  return { jobCount, resourceCount, horizon, durations, demands, successors, capacities };
}
