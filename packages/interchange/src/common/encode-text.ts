/**
 * Text chunks → bytes in the encoding a tool expects: UTF-8 (no BOM), or a Windows code page for P6
 * installations that read XER in the system's ANSI encoding (Windows-1251 in Russia, 1252 in the West).
 * A character the code page cannot hold is an error naming its line, never a silent `?`.
 */
import iconv from 'iconv-lite';
import { InterchangeError } from './errors.js';

export type TextEncoding = 'utf-8' | 'windows-1251' | 'windows-1252';

export function* encodeText(
  chunks: Iterable<string>,
  encoding: TextEncoding = 'utf-8',
): Generator<Uint8Array> {
  const utf8 = new TextEncoder();
  let line = 1;
  for (const chunk of chunks) {
    if (encoding === 'utf-8') yield utf8.encode(chunk);
    else {
      const bytes = iconv.encode(chunk, encoding);
      const back = iconv.decode(bytes, encoding);
      if (back !== chunk) {
        let i = 0;
        while (i < chunk.length && chunk[i] === back[i]) i++;
        const at = line + (chunk.slice(0, i).match(/\n/g)?.length ?? 0);
        throw new InterchangeError(
          'encoding',
          `"${chunk.slice(i, i + 1)}" cannot be written in ${encoding}; write the file as UTF-8`,
          {
            line: at,
          },
        );
      }
      yield new Uint8Array(bytes);
    }
    line += chunk.match(/\n/g)?.length ?? 0;
  }
}
