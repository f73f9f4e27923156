/**
 * No text selection while a gesture of the timeline holds the pointer: a bar dragged or the time axis
 * panned past the timeline's edge goes on over the grid, whose cells are text. The timeline itself is
 * `user-select: none`, but a browser may still start or extend a selection from a captured press, and
 * one left over from before the press would be dragged along; so the selection is cleared when the
 * gesture takes the pointer and every new one is refused until it lets go.
 */
const refuse = (event: Event) => event.preventDefault();
const held = new WeakSet<Document>();

export function holdTextSelection(doc: Document = document): void {
  if (held.has(doc)) return;
  held.add(doc);
  doc.getSelection()?.removeAllRanges();
  doc.addEventListener('selectstart', refuse, true);
}

export function releaseTextSelection(doc: Document = document): void {
  if (!held.delete(doc)) return;
  doc.removeEventListener('selectstart', refuse, true);
}
