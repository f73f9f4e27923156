import type { Query } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { mountEachTest } from '../../testing/mount';
import { Figures } from './figures';

describe('figures being updated on the server', () => {
  const view = mountEachTest();
  const note = () => view.container.querySelector('[data-testid="analytics-updating"]');

  it('says the figures are being updated while any of its answers is stale', () => {
    view.render(
      <Figures
        of={[
          { isLoading: false, data: { stale: false } },
          { isLoading: false, data: { stale: true } },
        ]}
        empty={false}
      >
        <p>figures</p>
      </Figures>,
    );
    expect(note()?.textContent).toBe('The schedule changed: updating the figures…');
    expect(view.container.textContent).toContain('figures');
  });

  it('says nothing once they are current, and shows the empty text when there is nothing', () => {
    view.render(
      <Figures of={{ isLoading: false, data: { stale: false } }} empty="Nothing here">
        <p>figures</p>
      </Figures>,
    );
    expect(note()).toBeNull();
    expect(view.container.textContent).toBe('Nothing here');
  });

  it('asks a stale answer again each second, and a current one never', () => {
    const interval = queryClient.getDefaultOptions().queries?.refetchInterval;
    if (typeof interval !== 'function') throw new Error('no refetch rule');
    const asked = (data: unknown) => interval({ state: { data } } as unknown as Query);
    expect(asked({ stale: true, total: {} })).toBe(1_000);
    expect(asked({ stale: false })).toBe(false);
    expect(asked(undefined)).toBe(false);
    expect(asked([1, 2])).toBe(false);
  });
});
