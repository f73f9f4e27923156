import {
  ENCODED_FORMATS,
  type ImportEncoding,
  type ImportFormat,
  INTERCHANGE_LIMITS,
  TABULAR_FORMATS,
} from '@takt/contracts';
import { appI18n } from '../../lib/i18n';
import { formatNumber } from '../../lib/schedule-time';

/** The format a file name suggests; XML and JSON dialects are told apart by the server from the content. */
export function formatOfName(name: string): ImportFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xer')) return 'xer';
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'excel';
  if (lower.endsWith('.zip')) return 'zip';
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.xml')) return 'xml';
  return null;
}

/** Why a chosen file cannot be sent (a message id), or null: a format we read, within the size limit. */
export function fileProblem(file: {
  name: string;
  size: number;
}): 'errors.UnsupportedFileType' | 'errors.FileTooLarge' | null {
  if (!formatOfName(file.name)) return 'errors.UnsupportedFileType';
  if (file.size > INTERCHANGE_LIMITS.uploadMaxBytes) return 'errors.FileTooLarge';
  return null;
}

/** Megabytes with one decimal in the app's language. */
export const megabytes = (bytes: number) => formatNumber(bytes / (1024 * 1024), appI18n.locale, 1);

/** What the upload form asks for a file of `format`: a rule (spreadsheets), an encoding (text files). */
export function formatNeeds(format: ImportFormat | null): { tabular: boolean; encoded: boolean } {
  return {
    tabular: format !== null && TABULAR_FORMATS.includes(format),
    // A text file's encoding can be chosen; `.xml` stands for both XML dialects here.
    encoded: format !== null && ENCODED_FORMATS.includes(format),
  };
}

/** The upload's multipart fields besides the file: a trimmed name, a spreadsheet's format and rule, a chosen encoding. */
export function uploadFields(
  format: ImportFormat,
  { name, settingId, encoding }: { name: string; settingId: string; encoding: ImportEncoding },
) {
  const { tabular, encoded } = formatNeeds(format);
  return {
    ...(name.trim() ? { name: name.trim() } : {}),
    ...(tabular ? { format, settingId } : {}),
    ...(encoded && encoding !== 'auto' ? { encoding } : {}),
  };
}
