import { type DecompositionProposal, decompositionProposal, type Language } from '@takt/contracts';
import { durationsOf, TooShort, type WorkFacts } from './matching';

/**
 * The language model of the assistant, when the deployment sets one (docs/product-rules.md, "WBS
 * decomposition"): any OpenAI-compatible chat completions endpoint, named by the environment —
 * `TAKT_AI_URL` (the API's base, e.g. `https://llm.example/v1`), `TAKT_AI_MODEL` and, when it asks for one,
 * `TAKT_AI_KEY`. Off unless the first two are set. Its answer is only ever a proposal: checked by the same
 * contract as a template's, shown to the planner, applied only by them; every failure is a translated
 * message beside the template's proposal, never an error of the call.
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

export type ModelAnswer =
  | { proposal: DecompositionProposal /** Durations scaled to add up to the work's. */; adjusted: boolean }
  | { error: string };

const TIMEOUT_MS = 30_000;

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
  let content: string;
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
        messages: [
          { role: 'system', content: instructions(language) },
          {
            role: 'user',
            content: JSON.stringify({
              work,
              example: { items: example.items, relations: example.relations },
            }),
          },
        ],
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return { error: 'assistant.decompose.model.unavailable' };
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const text = body.choices?.[0]?.message?.content;
    if (typeof text !== 'string') return { error: 'assistant.decompose.model.bad_answer' };
    content = text;
  } catch {
    return { error: 'assistant.decompose.model.unavailable' };
  }
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
