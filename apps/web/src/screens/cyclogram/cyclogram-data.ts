import type { CyclogramLocationSource, CyclogramTradeSource } from '@takt/contracts';
import type { CyclogramInput } from '@takt/gantt';
import type { RouterOutputs } from '../../lib/api-types';

export type Cyclogram = RouterOutputs['cyclogram']['get'];
export type Kinds = Record<'plan' | 'approved_plan' | 'fact', boolean>;

/** Settings changed on the screen and not saved yet; the chart already follows them. */
export interface Draft {
  locations?: CyclogramLocationSource;
  trades?: CyclogramTradeSource;
  bufferDays?: number;
}

/** Select values of a source: `wbs:<level>`, `attribute:<id>`, `name`. */
export const sourceValue = (source: CyclogramLocationSource | CyclogramTradeSource) =>
  source.kind === 'wbs'
    ? `wbs:${source.level}`
    : source.kind === 'attribute'
      ? `attribute:${source.attributeId}`
      : 'name';

export function parseSource(value: string): CyclogramTradeSource {
  const [kind, arg = ''] = value.split(':');
  if (kind === 'wbs') return { kind: 'wbs', level: Number(arg) };
  if (kind === 'attribute') return { kind: 'attribute', attributeId: arg };
  return { kind: 'name' };
}

/** A buffer typed in days: whole days from 0 to 365, anything else 0. */
export const bufferDaysOf = (text: string) => Math.min(365, Math.max(0, Math.round(Number(text) || 0)));

const toDates = (dates: { start: number[]; finish: number[] }) => ({
  start: Int32Array.from(dates.start),
  finish: Int32Array.from(dates.finish),
});

/** The chart's input from the server's cyclogram: typed arrays, colours from cyclogram/color. */
export function chartInput(data: Pick<Cyclogram, 'locations' | 'trades'>): CyclogramInput {
  return {
    locations: data.locations,
    trades: data.trades.map((trade) => ({
      id: trade.key,
      name: trade.key,
      color: trade.color ?? undefined,
      plan: toDates(trade.plan),
      approved_plan: trade.approved_plan ? toDates(trade.approved_plan) : undefined,
      fact: trade.fact ? toDates(trade.fact) : undefined,
    })),
  };
}
