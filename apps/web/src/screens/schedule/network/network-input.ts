import type { NetworkGraph, NetworkInput } from '@takt/gantt/network';
import { NETWORK_LINK_MIXED, NETWORK_LINK_TYPES } from '@takt/gantt/network';
import { type ScheduleModel, textOf } from '../../../lib/columnar';
import { formatMinutes, hasDate, minutesToDays } from '../../../lib/schedule-time';

/** The version's works and relations as the diagram reads them (the model's columns, not copied). */
export function networkInputOf(model: ScheduleModel): NetworkInput {
  const calculated = new Uint8Array(model.count);
  for (let i = 0; i < model.count; i++) calculated[i] = hasDate(model.earlyStart[i]) ? 1 : 0;
  const r = model.relations;
  return {
    count: model.count,
    parent: model.parent,
    depth: model.depth,
    childCount: model.childCount,
    start: model.planStart,
    finish: model.planFinish,
    durationMinutes: model.durationMinutes,
    totalFloat: model.totalFloat,
    calculated,
    critical: model.critical,
    progress: model.progress,
    relations: {
      count: r.count,
      predecessor: r.predecessor,
      successor: r.successor,
      type: r.type,
      lagMinutes: r.lagMinutes,
      driving: r.driving,
    },
  };
}

/** How the diagram's texts read: the words of the app's language, numbers and dates in its formats. */
export interface NetworkWords {
  /** Working days, e.g. "5 d". */
  days: (days: string) => string;
  /** Total float, e.g. "TF 2 d". */
  float: (days: string) => string;
  /** A summary's count of works, e.g. "Σ 46 works". */
  works: (count: number) => string;
  /** A number in the language's format. */
  number: (value: number) => string;
}

/** A name cut to what a box's line holds. */
const NAME_CHARS = 30;
const cut = (text: string) => (text.length > NAME_CHARS ? `${text.slice(0, NAME_CHARS - 1)}…` : text);

/** The four lines of a node's box: code and duration (or count of works), name, dates, float and progress. */
export function networkNodeText(
  model: ScheduleModel,
  graph: NetworkGraph,
  node: number,
  words: NetworkWords,
  hoursPerDay: number,
): string {
  const row = graph.row[node]!;
  const code = textOf(model, model.code[row]!);
  const days = (minutes: number) => words.number(minutesToDays(minutes, hoursPerDay));
  const first = graph.summary[node]
    ? `${code} · ${words.works(graph.members[node]!)}`
    : `${code} · ${words.days(days(graph.duration[node]!))}`;
  const start = graph.start[node]!;
  const finish = graph.finish[node]!;
  const dates = `${hasDate(start) ? formatMinutes(start) : '—'} – ${hasDate(finish) ? formatMinutes(finish) : '—'}`;
  const float = graph.calculated[node] ? words.float(days(graph.totalFloat[node]!)) : words.float('—');
  const progress = `${words.number(Math.round(graph.progress[node]!))} %`;
  return [cut(first), cut(textOf(model, model.name[row]!)), dates, `${float} · ${progress}`].join('\n');
}

/**
 * The text beside an edge: its type and lag ("SS +2 d"); nothing for the usual finish-to-start without
 * lag; an edge of several relations says how many ("×3", with the type when they share one).
 */
export function networkEdgeText(graph: NetworkGraph, edge: number, words: NetworkWords, hoursPerDay: number) {
  const type = graph.type[edge]!;
  const lag = graph.lag[edge]!;
  const count = graph.relations[edge]!;
  const name = type === NETWORK_LINK_MIXED ? '' : NETWORK_LINK_TYPES[type]!;
  if (count > 1) return `${name ? `${name} ` : ''}×${count}`;
  if (lag === 0) return name === 'FS' ? '' : name;
  const days = words.number(minutesToDays(Math.abs(lag), hoursPerDay));
  return `${name} ${lag > 0 ? '+' : '−'}${words.days(days)}`;
}
