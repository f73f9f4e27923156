import { calculate } from './calculate.js';
import { EngineError } from './engine-error.js';
import { psplibRead } from './psplib/psplib-read.js';
import { psplibSolve } from './psplib/psplib-solve.js';
import type { LevelingInput, LevelingOptions } from './resources/leveling.js';
import { levelingToJson, resourceLevel } from './resources/leveling.js';
import { resultToCsv } from './result-csv.js';
import type { CalculateOptions, EngineProject } from './types.js';

/** What a command may touch: reading its input. Output is returned, so commands stay testable. */
export interface CliInput {
  readFile(path: string): string;
  readStdin(): Promise<string>;
}

export interface CliOutput {
  exitCode: number;
  stdout: string;
  stderr: string;
}

interface CliCommand {
  usage: string;
  summary: string;
  run(args: string[], input: CliInput): Promise<CliOutput>;
}

/** The engine's file format: a project, optionally with the calculation options beside it. */
export type EngineFile = EngineProject & { options?: CalculateOptions };

const ok = (stdout: string): CliOutput => ({ exitCode: 0, stdout, stderr: '' });
const usageError = (message: string): CliOutput => ({
  exitCode: 2,
  stdout: '',
  stderr: `${message}\n\n${usage()}`,
});

function parseFlags(
  args: string[],
  known: readonly string[],
): { positional: string[]; flags: Map<string, string> } {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let k = 0; k < args.length; k++) {
    const arg = args[k]!;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
      if (!known.includes(name)) throw new Error(`unknown flag --${name}`);
      const value = inline ?? args[++k];
      if (value === undefined) throw new Error(`--${name} needs a value`);
      flags.set(name, value);
    } else positional.push(arg);
  }
  return { positional, flags };
}

const calc: CliCommand = {
  usage: 'takt-engine calc [FILE|-] [--format json|csv] [--options JSON]',
  summary: 'Calculate a schedule from the engine JSON format (a file, or stdin for "-" or no file).',
  async run(args, input) {
    const { positional, flags } = parseFlags(args, ['format', 'options']);
    const format = flags.get('format') ?? 'json';
    if (format !== 'json' && format !== 'csv') return usageError(`unknown format "${format}"`);
    if (positional.length > 1) return usageError('calc takes one input file');
    const path = positional[0] ?? '-';
    const text = path === '-' ? await input.readStdin() : input.readFile(path);
    const file = JSON.parse(text) as EngineFile;
    const { options: fileOptions, ...project } = file;
    const options = {
      ...fileOptions,
      ...(flags.has('options') ? (JSON.parse(flags.get('options')!) as CalculateOptions) : {}),
    };
    const result = calculate(project, options);
    return ok(format === 'csv' ? resultToCsv(result) : `${JSON.stringify(result.toJSON(), null, 2)}\n`);
  },
};

/** The leveling file format: a project with its resources and assignments, optionally with options. */
export type LevelingFile = LevelingInput & { options?: LevelingOptions };

function wholeFlag(flags: Map<string, string>, name: string): number | undefined {
  if (!flags.has(name)) return undefined;
  const value = Number(flags.get(name));
  if (!Number.isInteger(value) || value < 1) throw new Error(`flag --${name} needs a whole number ≥ 1`);
  return value;
}

const level: CliCommand = {
  usage: 'takt-engine level FILE.sm|FILE.json [--schedules N] [--seed N] [--options JSON]',
  summary:
    'Resource leveling. A PSPLIB .sm file: the instance, then the makespan found as the last line. ' +
    'A JSON file {project, resources, assignments, options}: the leveled dates and moves as JSON.',
  async run(args, input) {
    const { positional, flags } = parseFlags(args, ['schedules', 'seed', 'options']);
    if (positional.length !== 1) return usageError('level takes one input file');
    const path = positional[0]!;
    const text = path === '-' ? await input.readStdin() : input.readFile(path);
    const overrides: LevelingOptions = {
      ...(flags.has('options') ? (JSON.parse(flags.get('options')!) as LevelingOptions) : {}),
    };
    const schedules = wholeFlag(flags, 'schedules');
    if (schedules !== undefined) overrides.schedules = schedules;
    if (flags.has('seed')) {
      const seed = Number(flags.get('seed'));
      if (!Number.isInteger(seed)) throw new Error('flag --seed needs a whole number');
      overrides.seed = seed;
    }
    if (path.endsWith('.sm') || text.includes('PRECEDENCE RELATIONS:')) {
      const instance = psplibRead(text);
      const solution = psplibSolve(instance, overrides);
      return ok(
        [
          `jobs ${instance.jobCount}, resources ${instance.resourceCount}, capacities ${instance.capacities.join(' ')}`,
          `critical path ${solution.criticalPath}, schedules ${solution.schedules}`,
          `starts ${solution.starts.join(' ')}`,
          `${solution.makespan}`,
          '',
        ].join('\n'),
      );
    }
    const { options: fileOptions, ...leveling } = JSON.parse(text) as LevelingFile;
    const result = resourceLevel(leveling, { ...fileOptions, ...overrides });
    return ok(`${JSON.stringify(levelingToJson(result), null, 2)}\n`);
  },
};

/** Subcommands by name. */
export const CLI_COMMANDS: Record<string, CliCommand> = { calc, level };

function usage(): string {
  const lines = Object.values(CLI_COMMANDS).flatMap((command) => [
    `  ${command.usage}`,
    `      ${command.summary}`,
  ]);
  return ['Usage:', ...lines, '  takt-engine FILE', '      Same as "calc FILE".', '  takt-engine help'].join(
    '\n',
  );
}

/** Runs the CLI on its arguments (without `node` and the script). */
export async function cliRun(args: string[], input: CliInput): Promise<CliOutput> {
  const [first, ...rest] = args;
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') {
    return first === undefined ? usageError('no command given') : ok(`${usage()}\n`);
  }
  const command = CLI_COMMANDS[first];
  try {
    return command ? await command.run(rest, input) : await calc.run(args, input);
  } catch (error) {
    if (error instanceof EngineError) {
      const works = error.workIds.length > 0 ? ` (works: ${error.workIds.join(', ')})` : '';
      return { exitCode: 1, stdout: '', stderr: `error [${error.code}]: ${error.message}${works}\n` };
    }
    if (error instanceof SyntaxError)
      return { exitCode: 1, stdout: '', stderr: `error: invalid JSON: ${error.message}\n` };
    if (error instanceof Error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') {
        return { exitCode: 1, stdout: '', stderr: `error: ${error.message}\n` };
      }
      if (/flag/.test(error.message)) return usageError(error.message);
    }
    throw error;
  }
}
