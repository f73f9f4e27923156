import { afterEach, describe, expect, it } from 'vitest';
import { holdTextSelection, releaseTextSelection } from './text-selection';

/** Whether the page would let a selection start now (a listener may refuse `selectstart`). */
const selectionStarts = () =>
  document.body.dispatchEvent(new Event('selectstart', { bubbles: true, cancelable: true }));

describe('text selection during a timeline gesture', () => {
  afterEach(() => releaseTextSelection());

  it('clears the selection when the gesture takes the pointer and refuses new ones until it lets go', () => {
    document.body.innerHTML = '<p>Walls</p>';
    document.getSelection()!.selectAllChildren(document.body);
    expect(document.getSelection()!.toString()).toBe('Walls');
    holdTextSelection();
    expect(document.getSelection()!.toString()).toBe('');
    expect(selectionStarts()).toBe(false);
    // Held twice (a second press before the release) is still released once.
    holdTextSelection();
    releaseTextSelection();
    expect(selectionStarts()).toBe(true);
  });

  it('leaves the page alone when no gesture holds it', () => {
    releaseTextSelection();
    expect(selectionStarts()).toBe(true);
  });
});
