import { type DecompositionProposal, decompositionProposal, type Language } from '@takt/contracts';
import { z } from 'zod';
import { durationsOf, TooShort, type WorkFacts } from './matching';

/**
 * The language model of the assistant, when the deployment sets one (docs/product-rules.md, "WBS
 * decomposition"): any OpenAI-compatible chat completions endpoint, named by the environment —
 * `TAKT_AI_URL` (the API's base, e.g. `https://llm.example/v1`), `TAKT_AI_MODEL` and, when it asks for one,
 * `TAKT_AI_KEY`. Off unless the first two are set; `TAKT_AI_TIMEOUT_MS` bounds how long a question may
 * take (default 30 s for a decomposition, 20 s for a summary). Its answer is only ever a proposal: checked by
 * the same contract as a template's, shown to the planner, applied only by them; every failure is a
 * translated message beside the template's proposal, never an error of the call. It also phrases the
 * summary of an analysis run (`summariseByModel`), which is only ever shown beside the findings.
 */
interface ModelConfig {
  url: string;
  model: string;
  key: string | undefined;
}

function modelConfig(env: NodeJS.ProcessEnv = process.env): ModelConfig | null {
  const url = env.TAKT_AI_URL?.trim().replace(/\/+$/, '');
  const model = env.TAKT_AI_MODEL?.trim();
  if (!url || !model) return null;
  return { url, model, key: env.TAKT_AI_KEY?.trim() || undefined };
}

export const modelConfigured = () => modelConfig() !== null;

/** The model's name when one is configured. */
export const modelName = () => modelConfig()?.model ?? null;

export type ModelAnswer =
  | { proposal: DecompositionProposal /** Durations scaled to add up to the work's. */; adjusted: boolean }
  | { error: string };

/** How long a question to the model may take: `TAKT_AI_TIMEOUT_MS` when set, else `fallback`. */
export function modelTimeout(fallback: number): number {
  const set = Number(process.env.TAKT_AI_TIMEOUT_MS);
  return Number.isFinite(set) && set > 0 ? set : fallback;
}

type Asked = { content: string } | { error: 'unavailable' | 'bad_answer' | 'timeout' };

/** Asks the chat completions endpoint for a JSON answer; the message's text, or why there is none. */
async function ask(
  config: ModelConfig,
  messages: { role: 'system' | 'user'; content: string }[],
  timeoutMs: number,
): Promise<Asked> {
  try {
    const response = await fetch(`${config.url}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.key ? { authorization: `Bearer ${config.key}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        temperature: 0.2,
        response_format: { type: 'json_object' },
        messages,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return { error: 'unavailable' };
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const text = body.choices?.[0]?.message?.content;
    return typeof text === 'string' ? { content: text } : { error: 'bad_answer' };
  } catch (error) {
    return { error: (error as Error)?.name === 'TimeoutError' ? 'timeout' : 'unavailable' };
  }
}

const instructions = (language: Language) =>
  [
    'You are an experienced construction planner. Break the given work down into its sub-works.',
    'Answer with one JSON object only, no prose: {"items":[{"key","name","durationDays","volume","unit","trade"}],',
    '"relations":[{"from","to","type","lagDays"}]}. Keys: lower-case latin letters, digits, "_" or "-".',
    "durationDays are working days and must add up exactly to the work's days. volume is a number or null,",
    'unit a short unit or null, trade the specialty of the crew. type is one of fs, ss, ff, sf; lagDays a number.',
    'Relations must not form a cycle. Between 2 and 40 sub-works.',
    `Write names and trades in ${language === 'ru' ? 'Russian' : 'English'}.`,
  ].join(' ');

/** The JSON of a model's message, also when it came inside a Markdown code fence. */
function jsonOf(content: string): unknown {
  const fenced = content.match(/```(?:json)?\s*([\s\S]*?)```/);
  return JSON.parse(fenced ? fenced[1]! : content);
}

/**
 * Asks the model for a decomposition of the work; the template's proposal goes with the question as an
 * example of the shape. Durations that do not add up are scaled to the work's (and said to be).
 */
export async function proposeByModel(
  facts: WorkFacts,
  days: number,
  language: Language,
  example: DecompositionProposal,
): Promise<ModelAnswer> {
  const config = modelConfig();
  if (!config) return { error: 'assistant.decompose.model.off' };
  const work = {
    name: facts.name,
    days,
    volume: facts.volume,
    unit: facts.unit,
    attributes: facts.attributes,
  };
  const asked = await ask(
    config,
    [
      { role: 'system', content: instructions(language) },
      {
        role: 'user',
        content: JSON.stringify({ work, example: { items: example.items, relations: example.relations } }),
      },
    ],
    modelTimeout(30_000),
  );
  if ('error' in asked)
    return {
      error:
        asked.error === 'bad_answer'
          ? 'assistant.decompose.model.bad_answer'
          : 'assistant.decompose.model.unavailable',
    };
  const content = asked.content;
  let answer: unknown;
  try {
    answer = jsonOf(content);
  } catch {
    return { error: 'assistant.decompose.model.bad_answer' };
  }
  const parsed = decompositionProposal.safeParse({
    ...(answer && typeof answer === 'object' ? answer : {}),
    source: 'model',
    templateKey: null,
  });
  if (!parsed.success) return { error: 'assistant.decompose.model.bad_answer' };
  const proposal = parsed.data;
  const given = proposal.items.map((item) => item.durationDays);
  const sum = Math.round(given.reduce((a, b) => a + b, 0) * 100) / 100;
  if (Math.abs(sum - days) <= 0.005) return { proposal, adjusted: false };
  try {
    const scaled = durationsOf(days, given);
    return {
      proposal: {
        ...proposal,
        items: proposal.items.map((item, k) => ({ ...item, durationDays: scaled[k]! })),
      },
      adjusted: true,
    };
  } catch (error) {
    if (error instanceof TooShort) return { error: 'assistant.decompose.model.bad_answer' };
    throw error;
  }
}

/**
 * What the model is told of an analysis run: figures the engine computed and names of works, nothing it
 * would have to work out itself.
 */
export interface SummaryFacts {
  score: number;
  dcmaPassed: number;
  dcmaApplicable: number;
  tasks: number;
  projectFinish: string;
  approvedFinish: string | null;
  failed: {
    check: string;
    found: number;
    outOf: number;
    percent: number | null;
    value: number | null;
    threshold: number;
    score: number | null;
    works: string[];
  }[];
  passed: string[];
}

const summaryInstructions = (language: Language) =>
  [
    'You are an experienced construction planner reviewing a schedule health check (DCMA 14-point assessment and more).',
    'Summarise the given results for the project team in 2 to 5 short sentences of plain text: the overall state,',
    'the most serious failed checks and what to look at first, naming a few of the works given.',
    'Use only the figures and names given; do not invent figures, dates or works. No Markdown, no lists, no headings.',
    'Answer with one JSON object only: {"summary": "..."}.',
    `Write in ${language === 'ru' ? 'Russian' : 'English'}.`,
  ].join(' ');

/** The bounds of a summary shown: long enough to say something, short enough to read at a glance. */
export const SUMMARY_LENGTH = { min: 20, max: 1200 } as const;

const summaryAnswer = z.object({ summary: z.string() });
const summaryText = z.string().min(SUMMARY_LENGTH.min).max(SUMMARY_LENGTH.max);

/**
 * A model's text as plain text: code blocks and HTML tags dropped, links left as their words, Markdown's
 * headings, quotes, list marks and emphasis taken off, control characters and runs of blanks removed;
 * single line breaks kept.
 */
export function plainText(text: string): string {
  return (
    text
      .replace(/```[\s\S]*?```/g, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/^[ \t]*(?:#{1,6}|>|[-*+•]|\d+[.)])[ \t]+/gm, '')
      .replace(/\*\*|__|~~|[*`]/g, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .replace(/ *\n[\s]*/g, '\n')
      .trim()
  );
}

export type SummaryAnswer = { text: string } | { error: 'unavailable' | 'bad_answer' | 'timeout' | 'off' };

/**
 * Asks the model to phrase an analysis run's summary in `language`. The answer must be the JSON asked for;
 * its text, made plain, must be 20–1,200 characters — else it is a bad answer, and the panel shows its own
 * summary. Bounded by `modelTimeout(20 s)`.
 */
export async function summariseByModel(facts: SummaryFacts, language: Language): Promise<SummaryAnswer> {
  const config = modelConfig();
  if (!config) return { error: 'off' };
  const asked = await ask(
    config,
    [
      { role: 'system', content: summaryInstructions(language) },
      { role: 'user', content: JSON.stringify(facts) },
    ],
    modelTimeout(20_000),
  );
  if ('error' in asked) return asked;
  let answer: unknown;
  try {
    answer = jsonOf(asked.content);
  } catch {
    return { error: 'bad_answer' };
  }
  const parsed = summaryAnswer.safeParse(answer);
  if (!parsed.success) return { error: 'bad_answer' };
  const text = summaryText.safeParse(plainText(parsed.data.summary));
  return text.success ? { text: text.data } : { error: 'bad_answer' };
}
