import type { Language } from '@takt/contracts';
import { formatNumber } from '@takt/i18n';
import { appI18n, type Translate } from './i18n';

/** A file's size as people read it: bytes, kB or MB (one decimal), in the active language. */
export function fileSizeText(t: Translate, bytes: number): string {
  if (bytes < 1024) return t('chat.size.bytes', { n: bytes });
  if (bytes < 1024 * 1024) return t('chat.size.kb', { n: Math.round(bytes / 1024) });
  return t('chat.size.mb', { n: formatNumber(bytes / (1024 * 1024), appI18n.locale as Language, 1) });
}
