import type { ReactNode } from 'react';
import { Loaded } from '../../components/ui';
import { useT } from '../../lib/i18n';

interface Asked {
  isLoading: boolean;
  data?: { stale?: boolean } | undefined;
}

/**
 * A widget's figures: a spinner while they are first asked, the empty text, else the figures — with a
 * note while the server figures part of them again after a change (they are asked again until current).
 */
export function Figures({
  of,
  empty,
  children,
}: {
  of: Asked | readonly Asked[];
  empty: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const queries: readonly Asked[] = Array.isArray(of) ? of : [of as Asked];
  return (
    <Loaded loading={queries.some((q) => q.isLoading)} empty={empty}>
      {queries.some((q) => q.data?.stale) && (
        <div className="analytics-updating" role="status" data-testid="analytics-updating">
          {t('analytics.updating')}
        </div>
      )}
      {children}
    </Loaded>
  );
}
