import type { ExportFormat, ImportFormat } from '@takt/contracts';
import { formatFromContent } from '@takt/interchange';

/** The spec's format names (entities) as the reader or writer that handles them. */
export type ReaderKind = 'xer' | 'pmxml' | 'mspdi' | 'json' | 'csv' | 'excel' | 'zip';
export type WriterKind = 'xer' | 'pmxml' | 'mspdi' | 'json' | 'csv' | 'excel' | 'zip';

export const WRITER_OF: Record<ExportFormat, WriterKind> = {
  xer: 'xer',
  'xer-primavera': 'xer',
  'xml-primavera': 'pmxml',
  xml: 'mspdi',
  json: 'json',
  csv: 'csv',
  excel: 'excel',
  xlsx: 'excel',
  zip: 'zip',
};

export const FILE_TYPE: Record<WriterKind, { extension: string; contentType: string }> = {
  xer: { extension: 'xer', contentType: 'application/x-primavera-xer; charset=utf-8' },
  pmxml: { extension: 'p6.xml', contentType: 'application/xml; charset=utf-8' },
  mspdi: { extension: 'xml', contentType: 'application/xml; charset=utf-8' },
  json: { extension: 'json', contentType: 'application/json; charset=utf-8' },
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  excel: {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  zip: { extension: 'takt.zip', contentType: 'application/zip' },
};

/** The spec name reported back for a reader (what the user picked or what the content said). */
export const IMPORT_FORMAT_OF: Record<ReaderKind, ImportFormat> = {
  xer: 'xer',
  pmxml: 'xml-primavera',
  mspdi: 'xml',
  json: 'json',
  csv: 'csv',
  excel: 'excel',
  zip: 'zip',
};

/**
 * Which reader a file needs: the content decides for XER, P6 XML, MS Project XML and JSON (a `.xml` can be
 * either XML dialect); zip and xlsx are both zip containers, told apart by the name; CSV by the name or the
 * caller's choice. Null: not a format we read.
 */
export function readerFor(fileName: string, head: Uint8Array, requested?: ImportFormat): ReaderKind | null {
  const name = fileName.toLowerCase();
  const zipMagic = head[0] === 0x50 && head[1] === 0x4b;
  if (requested === 'excel' || (zipMagic && name.endsWith('.xlsx'))) return zipMagic ? 'excel' : null;
  if (requested === 'zip' || (zipMagic && name.endsWith('.zip'))) return zipMagic ? 'zip' : null;
  if (zipMagic) return null;
  if (requested === 'csv' || name.endsWith('.csv')) return 'csv';
  const byContent = formatFromContent(new TextDecoder('latin1').decode(head.subarray(0, 4096)));
  if (byContent) return byContent;
  return null;
}

/** A file name for an export: the version's name made safe for file systems, with the format's extension. */
export function exportFileName(base: string, kind: WriterKind): string {
  const safe =
    base
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\p{Cc}+/gu, ' ')
      .trim() || 'schedule';
  return `${safe}.${FILE_TYPE[kind].extension}`;
}
