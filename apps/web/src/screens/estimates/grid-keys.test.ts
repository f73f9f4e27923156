import { describe, expect, it } from 'vitest';
import { estimateGridKey, parseAmount } from './grid-keys';

const key = (
  name: string,
  mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {},
) => ({
  key: name,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  shiftKey: !!mods.shift,
  altKey: !!mods.alt,
});
const at = { row: 3, col: 2 };
const press = (k: ReturnType<typeof key>) => estimateGridKey(k, at, 10, 12);
const move = (row: number, col: number) => ({ kind: 'move', row, col });

describe('the estimate grid’s keys', () => {
  it('move between cells with the arrows, clamped to the grid', () => {
    expect(press(key('ArrowDown'))).toEqual(move(4, 2));
    expect(press(key('ArrowUp'))).toEqual(move(2, 2));
    expect(press(key('ArrowLeft'))).toEqual(move(3, 1));
    expect(press(key('ArrowRight'))).toEqual(move(3, 3));
    expect(estimateGridKey(key('ArrowUp'), { row: 0, col: 0 }, 10, 12)).toEqual(move(0, 0));
    expect(estimateGridKey(key('ArrowRight'), { row: 9, col: 11 }, 10, 12)).toEqual(move(9, 11));
  });

  it('go to the row’s ends with Home/End and to the grid’s with Ctrl', () => {
    expect(press(key('Home'))).toEqual(move(3, 0));
    expect(press(key('End'))).toEqual(move(3, 11));
    expect(press(key('Home', { ctrl: true }))).toEqual(move(0, 2));
    expect(press(key('End', { meta: true }))).toEqual(move(9, 2));
  });

  it('tab to the next and previous cell and leave the grid at its edges', () => {
    expect(press(key('Tab'))).toEqual(move(3, 3));
    expect(press(key('Tab', { shift: true }))).toEqual(move(3, 1));
    expect(estimateGridKey(key('Tab'), { row: 3, col: 11 }, 10, 12)).toBeNull();
    expect(estimateGridKey(key('Tab', { shift: true }), { row: 3, col: 0 }, 10, 12)).toBeNull();
  });

  it('edit with Enter or F2, or by typing over the cell', () => {
    expect(press(key('Enter'))).toEqual({ kind: 'edit' });
    expect(press(key('F2'))).toEqual({ kind: 'edit' });
    expect(press(key('7'))).toEqual({ kind: 'edit', text: '7' });
    expect(press(key('б'))).toEqual({ kind: 'edit', text: 'б' });
    expect(press(key(' '))).toBeNull();
    expect(press(key('c', { ctrl: true }))).toBeNull();
    expect(press(key('Enter', { ctrl: true }))).toBeNull();
  });

  it('insert a line, delete the selection, move a line with Alt+Shift and the arrows', () => {
    expect(press(key('Insert'))).toEqual({ kind: 'insert' });
    expect(press(key('Delete'))).toEqual({ kind: 'delete' });
    expect(press(key('Delete', { shift: true }))).toBeNull();
    expect(press(key('ArrowUp', { alt: true, shift: true }))).toEqual({ kind: 'move-line', direction: 'up' });
    expect(press(key('ArrowDown', { alt: true, shift: true }))).toEqual({
      kind: 'move-line',
      direction: 'down',
    });
    expect(press(key('ArrowDown', { alt: true }))).toBeNull();
  });
});

describe('numbers as typed in a cell', () => {
  it('take a comma or a dot and spaces between thousands', () => {
    expect(parseAmount('1 234,5')).toBe(1234.5);
    expect(parseAmount('1\u00a0000.25')).toBe(1000.25);
    expect(parseAmount('-3')).toBe(-3);
    expect(parseAmount('')).toBe(0);
    expect(parseAmount('  ')).toBe(0);
  });

  it('leave text that is no number as NaN', () => {
    expect(parseAmount('abc')).toBeNaN();
    expect(parseAmount('1,2,3')).toBeNaN();
    expect(parseAmount('12abc')).toBeNaN();
  });
});
