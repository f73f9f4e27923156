import { useLingui } from '@lingui/react';
import { LOCALIZATION_CHANGED } from '@takt/contracts';
import { applyOverrides, isLanguage } from '@takt/i18n';
import { useEffect } from 'react';
import { useSpace } from '../layouts/space-context';
import { appI18n } from './i18n';
import { useLiveEvents } from './live';
import { trpc } from './trpc';

/**
 * The space's own wording of interface texts (docs/product-rules.md, "Localization overrides"), laid over
 * the catalogue of the active language while the space is open, and again whenever an administrator
 * changes one: the change comes on the space's live topic. Leaving the space brings the catalogue back.
 */
export function useSpaceTexts(): void {
  const { spaceId } = useSpace();
  const { i18n } = useLingui();
  const lang = isLanguage(i18n.locale) ? i18n.locale : 'ru';
  const utils = trpc.useUtils();
  const overrides = trpc.localization.overrides.useQuery(
    { spaceId, lang },
    { staleTime: Number.POSITIVE_INFINITY },
  );
  useLiveEvents({ topic: `space:${spaceId}`, kind: LOCALIZATION_CHANGED }, () => {
    void utils.localization.overrides.invalidate({ spaceId });
    void utils.localization.set.invalidate({ spaceId });
  });
  const texts = overrides.data?.lang === lang ? overrides.data.overrides : null;
  useEffect(() => {
    if (!texts) return;
    applyOverrides(appI18n, lang, texts);
    return () => applyOverrides(appI18n, lang, {});
  }, [texts, lang]);
}
