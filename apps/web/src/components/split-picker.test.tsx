import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount';
import { SplitPicker } from './split-picker';

const CALENDARS = [
  { id: 'five', name: 'Five-day week', days: 5 },
  { id: 'six', name: 'Six-day week', days: 6 },
];

describe('SplitPicker', () => {
  const view = mountEachTest();
  function show(
    props: { loading?: boolean; items?: typeof CALENDARS; chosenId?: string },
    chosen: string[] = [],
  ) {
    view.render(
      <SplitPicker
        loading={props.loading ?? false}
        items={props.items ?? CALENDARS}
        empty="No calendars yet"
        chosenId={props.chosenId}
        onChoose={(c) => chosen.push(c.id)}
        badge={(c) => <b>{c.days}</b>}
      >
        <p data-testid="editor">editor</p>
      </SplitPicker>,
    );
  }
  const items = () => [...view.container.querySelectorAll<HTMLButtonElement>('.pick-item')];

  it('lists the items with their badges, marks the chosen one and shows the editor beside them', () => {
    show({ chosenId: 'six' });
    expect(items().map((b) => b.textContent)).toEqual(['Five-day week5', 'Six-day week6']);
    expect(items().map((b) => b.classList.contains('pick-item-active'))).toEqual([false, true]);
    expect(view.container.querySelector('[data-testid="editor"]')).not.toBeNull();
  });

  it('hands over the clicked item', () => {
    const chosen: string[] = [];
    show({ chosenId: 'five' }, chosen);
    act(() => items()[1]?.click());
    expect(chosen).toEqual(['six']);
  });

  it('shows a spinner while loading and the notice for an empty list, without the editor', () => {
    show({ loading: true });
    expect(view.container.querySelector('[role="status"]')).not.toBeNull();
    expect(items()).toHaveLength(0);
    show({ items: [] });
    expect(view.container.textContent).toBe('No calendars yet');
  });
});
