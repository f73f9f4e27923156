/**
 * Streaming XML with saxes. `parseXml` hands each start tag, text and end tag to a sink as they are
 * parsed (the record readers of `xml-records.ts` build on it), and `XNode` trees of small elements are
 * walked with `child`, `childText` and `childrenNamed`. Namespace prefixes are dropped. Malformed or
 * truncated XML is an `InterchangeError` with the line.
 */
import { SaxesParser, type SaxesTag } from 'saxes';
import { InterchangeError } from './errors.js';
import { type ByteSource, decoderFor, type Encoding, textOf } from './input.js';

export interface XNode {
  name: string;
  attrs: Record<string, string>;
  children: XNode[];
  text: string;
  line: number;
}

/** Parse events: element names without their namespace prefix; `line` is where the start tag ends. */
export interface XmlSink {
  open(name: string, tag: SaxesTag, line: number): void;
  /** Character data and CDATA, in pieces. */
  text(text: string): void;
  close(line: number): void;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Parses `source` into `sink`'s events; returns the root element's name. */
export async function parseXml(
  source: ByteSource,
  sink: XmlSink,
  encoding: Encoding = 'auto',
): Promise<string> {
  const parser = new SaxesParser({ position: true });
  let depth = 0;
  let root = '';
  let failure: Error | null = null;
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    if (!root) root = name;
    depth++;
    sink.open(name, tag, parser.line);
  });
  parser.on('text', (t) => sink.text(t));
  parser.on('cdata', (t) => sink.text(t));
  parser.on('closetag', () => {
    sink.close(parser.line);
    depth--;
  });
  parser.on('error', (e) => {
    failure ??= new InterchangeError('syntax', `malformed XML: ${e.message}`, { line: parser.line });
  });
  for await (const text of textOf(source, decoderFor(source, encoding))) {
    parser.write(text);
    if (failure) throw failure;
  }
  try {
    parser.close();
  } catch (e) {
    failure ??= new InterchangeError('truncated', `XML ends early: ${(e as Error).message}`, {
      line: parser.line,
    });
  }
  if (failure) throw failure;
  if (!root) throw new InterchangeError('truncated', 'empty XML document', { line: 1 });
  if (depth > 0) throw new InterchangeError('truncated', 'XML ends inside an element', { line: parser.line });
  return root;
}

export function child(node: XNode, name: string): XNode | undefined {
  return node.children.find((c) => c.name === name);
}

export function childText(node: XNode, name: string): string {
  return child(node, name)?.text ?? '';
}

export function childrenNamed(node: XNode | undefined, name: string): XNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}
