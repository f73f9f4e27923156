import { describe, expect, it } from 'vitest';
import type { EstimateView } from './api';
import { moveTargetsOf, type Row } from './tree-model';

type Section = EstimateView['sections'][number];
type Line = EstimateView['lines'][number];

/** A: { A.1: { A.1.1 }, A.2 }, B — in tree order, as the estimate's view lists them. */
const section = (id: string, parentId: string | null, depth: number) =>
  ({ id, parentId, depth, name: id, code: null }) as unknown as Section;
const sections = [
  section('A', null, 0),
  section('A.1', 'A', 1),
  section('A.1.1', 'A.1', 2),
  section('A.2', 'A', 1),
  section('B', null, 0),
];
const data = { sections, lines: [] } as unknown as EstimateView;
const ids = (row: Row) => moveTargetsOf(data, row).map((t) => t.id);

describe('moveTargetsOf', () => {
  it('offers a line every section but its own', () => {
    const line = { id: 'l', sectionId: 'A.2' } as unknown as Line;
    expect(ids({ line, depth: 2 })).toEqual(['A', 'A.1', 'A.1.1', 'B']);
  });

  it('offers a section the top level and every section outside its branch but its parent', () => {
    expect(ids({ section: sections[1]!, depth: 1 })).toEqual([null, 'A.2', 'B']);
  });

  it('offers a top-level section no top level', () => {
    expect(ids({ section: sections[0]!, depth: 0 })).toEqual(['B']);
  });
});
