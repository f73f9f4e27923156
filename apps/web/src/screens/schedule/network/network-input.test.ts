import { networkGraph } from '@takt/gantt/network';
import { testDocument } from '@takt/schedule/testing';
import { describe, expect, it } from 'vitest';
import { type NetworkWords, networkEdgeText, networkInputOf, networkNodeText } from './network-input';

const words: NetworkWords = {
  days: (days) => `${days} d`,
  float: (days) => `TF ${days}`,
  works: (count) => `Σ ${count} works`,
  number: (value) => String(Math.round(value * 10) / 10),
};
const DAY = 480;
// 2024-01-08 08:00 and on, in engine minutes.
const MON = (24 * 365 + 6 + 7) * 1440 + 480;

/** Block "1" with works 1.1 → 1.2 (SS +1 d) → 1.3, and 2 → 1.3 FF; 1.1 and 1.2 critical. */
function model() {
  return testDocument(
    [
      { id: 'b', code: '1', name: 'Block', type: 'sum', plan: [MON, MON + 3 * 1440] },
      {
        id: 'a',
        parent: 0,
        code: '1.1',
        name: 'Excavation of the pit under the tower crane base',
        duration: 2 * DAY,
        plan: [MON, MON + 1440],
        critical: true,
        progress: 50,
      },
      {
        id: 'c',
        parent: 0,
        code: '1.2',
        name: 'Piles',
        duration: DAY,
        plan: [MON + 1440, MON + 2 * 1440],
        critical: true,
        totalFloat: 0,
      },
      {
        id: 'd',
        parent: 0,
        code: '1.3',
        name: 'Cap',
        duration: DAY,
        plan: [MON + 2 * 1440, MON + 3 * 1440],
        totalFloat: 2 * DAY,
      },
      { id: 'e', code: '2', name: 'Crane', duration: DAY, plan: [MON, MON + 1440], totalFloat: 3 * DAY },
    ],
    [
      { from: 1, to: 2, type: 'ss', lag: DAY, driving: true },
      { from: 2, to: 3 },
      { from: 4, to: 3, type: 'ff' },
    ],
  );
}

describe('the diagram of a version', () => {
  it('reads the works and relations of the model', () => {
    const graph = networkGraph(networkInputOf(model()));
    expect(Array.from(graph.row)).toEqual([1, 2, 3, 4]);
    expect(graph.edgeCount).toBe(3);
    expect(Array.from(graph.criticalEdge)).toEqual([1, 0, 0]);
  });

  it('writes a box: code and duration, the name cut to the box, dates, float and progress', () => {
    const m = model();
    const graph = networkGraph(networkInputOf(m));
    expect(networkNodeText(m, graph, 0, words, 8).split('\n')).toEqual([
      '1.1 · 2 d',
      'Excavation of the pit under t…',
      '08.01.2024 – 09.01.2024',
      'TF 0 · 50 %',
    ]);
    expect(networkNodeText(m, graph, 2, words, 8).split('\n')[3]).toBe('TF 2 · 0 %');
  });

  it('writes a summary box with its count of works', () => {
    const m = model();
    const graph = networkGraph(networkInputOf(m), 1);
    expect(networkNodeText(m, graph, 0, words, 8).split('\n')[0]).toBe('1 · Σ 3 works');
  });

  it('labels an edge by type and lag, leaving a plain FS unlabelled', () => {
    const graph = networkGraph(networkInputOf(model()));
    expect([0, 1, 2].map((k) => networkEdgeText(graph, k, words, 8))).toEqual(['SS +1 d', '', 'FF']);
    const summary = networkGraph(networkInputOf(model()), 1);
    expect(networkEdgeText(summary, 0, words, 8)).toBe('FF');
  });
});
