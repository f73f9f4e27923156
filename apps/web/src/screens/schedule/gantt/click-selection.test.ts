import { describe, expect, it } from 'vitest';
import { selectionAfterClick } from './click-selection';

const rowIds = ['a', 'b', 'c', 'd', 'e'];
const click = (
  row: number,
  anchorRow: number,
  selected: string[],
  keys: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey', boolean>>,
) =>
  selectionAfterClick({
    id: rowIds[row]!,
    row,
    idOfRow: (r) => rowIds[r]!,
    anchorRow,
    selected: new Set(selected),
    modifiers: { ctrlKey: false, metaKey: false, shiftKey: false, ...keys },
  });

describe('the selection after a click on a bar', () => {
  it('selects the clicked work alone and anchors its row', () => {
    expect(click(2, 0, ['a', 'b'], {})).toEqual({ ids: new Set(['c']), anchorRow: 2 });
  });

  it('extends from the anchor with Shift, upwards or downwards, keeping the anchor', () => {
    expect(click(3, 1, ['b'], { shiftKey: true })).toEqual({ ids: new Set(['b', 'c', 'd']), anchorRow: 1 });
    expect(click(0, 2, ['c'], { shiftKey: true })).toEqual({ ids: new Set(['a', 'b', 'c']), anchorRow: 2 });
  });

  it('treats Shift without an anchor as a plain click', () => {
    expect(click(4, -1, [], { shiftKey: true })).toEqual({ ids: new Set(['e']), anchorRow: 4 });
  });

  it('toggles the clicked work with Ctrl or ⌘', () => {
    expect(click(1, 0, ['a'], { ctrlKey: true })).toEqual({ ids: new Set(['a', 'b']), anchorRow: 1 });
    expect(click(0, 1, ['a', 'b'], { metaKey: true })).toEqual({ ids: new Set(['b']), anchorRow: 0 });
  });
});
