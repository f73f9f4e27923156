import { describe, expect, it } from 'vitest';
import { gridKeyAction, scheduleKeyCommand } from './keys';

const key = (name: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean } = {}) => ({
  key: name,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  shiftKey: !!mods.shift,
});
const at = { row: 5, col: 2 };
const act = (k: ReturnType<typeof key>) => gridKeyAction(k, at, 20, 4, 10);
const move = (row: number, col: number, extend = false) => ({ kind: 'move', row, col, extend });

describe('the grid keyboard', () => {
  it('moves by cell and by page; Shift extends only up and down', () => {
    expect(act(key('ArrowDown'))).toEqual(move(6, 2));
    expect(act(key('ArrowUp', { shift: true }))).toEqual(move(4, 2, true));
    expect(act(key('ArrowLeft', { shift: true }))).toEqual(move(5, 1));
    expect(act(key('ArrowRight'))).toEqual(move(5, 3));
    expect(act(key('PageDown', { shift: true }))).toEqual(move(15, 2, true));
    expect(act(key('PageUp'))).toEqual(move(-5, 2));
  });

  it('goes to the row’s ends with Home/End and to the grid’s ends with Ctrl', () => {
    expect(act(key('Home'))).toEqual(move(5, 0));
    expect(act(key('End'))).toEqual(move(5, 3));
    expect(act(key('Home', { ctrl: true }))).toEqual(move(0, 2));
    expect(act(key('End', { ctrl: true }))).toEqual(move(19, 2));
  });

  it('tabs between cells and lets the focus leave at the edges', () => {
    expect(act(key('Tab'))).toEqual(move(5, 3));
    expect(act(key('Tab', { shift: true }))).toEqual(move(5, 1));
    expect(gridKeyAction(key('Tab'), { row: 0, col: 3 }, 20, 4, 10)).toBeNull();
    expect(gridKeyAction(key('Tab', { shift: true }), { row: 0, col: 0 }, 20, 4, 10)).toBeNull();
  });

  it('edits, clears, selects all and leaves other keys alone', () => {
    expect(act(key('Enter'))).toEqual({ kind: 'edit' });
    expect(act(key('F2'))).toEqual({ kind: 'edit' });
    expect(act(key('Escape'))).toEqual({ kind: 'clear' });
    expect(act(key('a', { meta: true }))).toEqual({ kind: 'select-all' });
    expect(act(key('a'))).toBeNull();
    expect(act(key('x', { ctrl: true }))).toBeNull();
  });
});

describe('the schedule’s editing keys', () => {
  const cmd = (name: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) =>
    scheduleKeyCommand({ ...key(name, mods), altKey: !!mods.alt });

  it('undoes with Ctrl+Z and redoes with Ctrl+Y or Ctrl+Shift+Z, ⌘ on a Mac', () => {
    expect(cmd('z', { ctrl: true })).toBe('undo');
    expect(cmd('z', { meta: true })).toBe('undo');
    expect(cmd('y', { ctrl: true })).toBe('redo');
    expect(cmd('Z', { ctrl: true, shift: true })).toBe('redo');
    expect(cmd('я', { ctrl: true })).toBe('undo');
    expect(cmd('z')).toBeNull();
    expect(cmd('c', { ctrl: true })).toBeNull();
    expect(cmd('z', { ctrl: true, alt: true })).toBeNull();
  });

  it('inserts, deletes and opens the menu only without modifiers', () => {
    expect(cmd('Insert')).toBe('insert');
    expect(cmd('Delete')).toBe('delete');
    expect(cmd('Delete', { ctrl: true })).toBeNull();
    expect(cmd('Insert', { shift: true })).toBeNull();
    expect(cmd('ContextMenu')).toBe('menu');
    expect(cmd('F10', { shift: true })).toBe('menu');
    expect(cmd('F10')).toBeNull();
  });

  it('indents, outdents and moves with Alt+Shift and the arrows', () => {
    expect(cmd('ArrowRight', { alt: true, shift: true })).toBe('indent');
    expect(cmd('ArrowLeft', { alt: true, shift: true })).toBe('outdent');
    expect(cmd('ArrowUp', { alt: true, shift: true })).toBe('move-up');
    expect(cmd('ArrowDown', { alt: true, shift: true })).toBe('move-down');
    expect(cmd('ArrowDown', { alt: true })).toBeNull();
    expect(cmd('ArrowDown', { shift: true })).toBeNull();
  });
});
