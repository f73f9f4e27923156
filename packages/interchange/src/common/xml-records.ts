/**
 * What the streaming MSPDI and PMXML readers share: a record element read as the texts of the direct
 * children it keeps (by their positions in a `Shape`), and the bookkeeping of a state machine over the
 * parser's events — element names and "has a child element" by depth, the text of the element open now,
 * calendars (few, deeply nested) kept as element trees.
 */
import type { ByteSource, Encoding } from './input.js';
import { parseXml, type XNode } from './xml-stream.js';

/** The texts of the kept child elements, by their position in the record's list of names. */
export type Fields = (string | undefined)[];

type Positions<N extends readonly string[]> = { readonly [K in N[number]]: number };

/** The children kept of one kind of element: their names and each name's position. */
export class Shape<const N extends readonly string[]> {
  readonly at: Positions<N>;
  readonly index: ReadonlyMap<string, number>;
  constructor(readonly names: N) {
    this.index = new Map(names.map((n, i) => [n, i]));
    this.at = Object.fromEntries(this.index) as Positions<N>;
  }
}

/** A state machine over the parser's events; subclasses decide what a record is and where it goes. */
export abstract class RecordMachine {
  protected depth = 0;
  protected text = '';
  /** Element name and whether it has had a child element, by depth (the root is depth 1). */
  protected readonly names: string[] = [];
  protected readonly nested: boolean[] = [];
  /** The calendar's open elements. */
  protected readonly nodes: XNode[] = [];

  abstract open(name: string, line: number): void;
  abstract close(): void;

  /** An element opens: its depth, counted from 1. */
  protected enter(name: string): number {
    const d = ++this.depth;
    this.text = '';
    this.names[d] = name;
    this.nested[d - 1] = true;
    this.nested[d] = false;
    return d;
  }

  addText(t: string): void {
    this.text += t;
  }

  /** An element inside a calendar opens: a child of the calendar's element open now. */
  protected openNode(name: string, line: number): void {
    const node: XNode = { name, attrs: {}, children: [], text: '', line };
    this.nodes[this.nodes.length - 1]?.children.push(node);
    this.nodes.push(node);
  }

  /** An element inside a calendar closes: its text is kept when it has no child elements. */
  protected closeNode(): XNode {
    const node = this.nodes.pop()!;
    if (node.children.length === 0) node.text = this.text.trim();
    return node;
  }

  /** Keeps the text of the child at depth `d` when the record keeps that name and has not had it yet. */
  protected keepText(fields: Fields, keep: ReadonlyMap<string, number>, d: number): void {
    const i = keep.get(this.names[d]!);
    if (i !== undefined && fields[i] === undefined) fields[i] = this.nested[d] ? '' : this.text.trim();
  }
}

/** Streams a document through a record machine; returns the root element's name. */
export function readRecords(
  source: ByteSource,
  machine: RecordMachine,
  encoding?: Encoding,
): Promise<string> {
  return parseXml(
    source,
    {
      open: (name, _tag, line) => machine.open(name, line),
      text: (t) => machine.addText(t),
      close: () => machine.close(),
    },
    encoding,
  );
}

/**
 * A copy of a parsed text that does not share the parser's input chunk: the parser's texts are slices of
 * the chunk, so one name kept in the schedule would keep the whole decoded chunk alive.
 */
export function own(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
