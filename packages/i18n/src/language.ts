import { CATALOG_LANGUAGES, FALLBACK_LANGUAGE, isLanguage, type Language } from './catalogs';

/** The primary subtag of a language tag, lower-cased: `ru-RU` → `ru`. */
export function primaryLanguage(tag: string): string {
  return tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
}

/**
 * The first candidate (a browser preference, a header value) whose primary subtag is allowed and has a
 * catalog; otherwise the first allowed language with a catalog, otherwise the product default.
 */
export function pickLanguage(
  candidates: readonly string[],
  allowed: readonly string[] = CATALOG_LANGUAGES,
): Language {
  const usable = allowed.filter(isLanguage);
  for (const candidate of candidates) {
    const lang = primaryLanguage(candidate);
    if (isLanguage(lang) && usable.includes(lang)) return lang;
  }
  return usable[0] ?? FALLBACK_LANGUAGE;
}

/** Language tags of an `Accept-Language` header (or a single `X-Language` value), best first. */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The language of a request from its `X-Language` value or `Accept-Language` header. The product
 * default (ru) wins when it is allowed and nothing matches; otherwise the first allowed language.
 */
export function resolveLanguage(
  header: string | null | undefined,
  allowed: readonly string[] = CATALOG_LANGUAGES,
): Language {
  const candidates = header ? parseAcceptLanguage(header) : [];
  const fallbackFirst = allowed.includes(FALLBACK_LANGUAGE)
    ? [FALLBACK_LANGUAGE, ...allowed.filter((l) => l !== FALLBACK_LANGUAGE)]
    : allowed;
  return pickLanguage(candidates, fallbackFirst);
}
