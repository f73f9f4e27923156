import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount';
import { DataList, type ListAction } from './data-list';

interface Crew {
  id: string;
  name: string;
  size: number;
}

const CREWS: Crew[] = [
  { id: 'a', name: 'Formwork', size: 6 },
  { id: 'b', name: 'Rebar', size: 4 },
  { id: 'c', name: 'Concrete', size: 8 },
];

describe('DataList', () => {
  const view = mountEachTest();
  let ran: string[];

  beforeEach(() => {
    ran = [];
  });

  const actions: ListAction<Crew>[] = [
    { label: 'Edit', shortcut: 'Enter', testId: 'edit', run: (c) => ran.push(`edit ${c.id}`) },
    {
      label: (c) => `Delete ${c.name}`,
      shortcut: 'Delete',
      hidden: (c) => c.id === 'b',
      run: (c) => ran.push(`delete ${c.id}`),
    },
  ];
  function show(props: Partial<Parameters<typeof DataList<Crew>>[0]> = {}) {
    view.render(
      <DataList<Crew>
        rows={CREWS}
        rowKey={(c) => c.id}
        empty="No crews yet"
        columns={[
          { key: 'name', header: 'Name', cell: (c) => c.name },
          { key: 'size', header: 'Size', className: 'num', cell: (c) => c.size },
        ]}
        actions={actions}
        rowProps={(c) => ({ 'data-testid': `crew-${c.id}` })}
        {...props}
      />,
    );
  }
  const rows = () => [...view.container.querySelectorAll<HTMLTableRowElement>('tbody tr')];
  const texts = () => rows().map((r) => r.cells[0]?.textContent);
  const press = (target: Element, key: string) =>
    act(() => {
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    });
  const type = (input: HTMLInputElement, text: string) =>
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });

  it('shows the columns, the actions column and each row with its own actions', () => {
    show();
    expect([...view.container.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Name',
      'Size',
      'Actions',
    ]);
    expect(texts()).toEqual(['Formwork', 'Rebar', 'Concrete']);
    expect(rows()[0]?.cells[1]?.className).toBe('num');
    expect(rows()[0]?.dataset.testid).toBe('crew-a');
    // the hidden action has no button on that row
    expect([...(rows()[1]?.querySelectorAll('button') ?? [])].map((b) => b.textContent)).toEqual(['Edit']);
    act(() => rows()[2]?.querySelector<HTMLButtonElement>('[data-testid="edit"]')?.click());
    expect(ran).toEqual(['edit c']);
  });

  it('shows a spinner while the query loads, a retry when it failed, the text when there are no rows', () => {
    let refetched = 0;
    const query = { isLoading: true, isError: false, refetch: () => refetched++ };
    show({ query });
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe('Loading…');
    expect(view.container.querySelector('table')).toBeNull();

    show({ rows: undefined, query: { ...query, isLoading: false, isError: true } });
    const alert = view.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('The list could not be loaded');
    act(() => alert?.querySelector('button')?.click());
    expect(refetched).toBe(1);

    show({ rows: [], query: { ...query, isLoading: false } });
    expect(view.container.querySelector('.empty')?.textContent).toBe('No crews yet');
  });

  it('searches the rows, says when nothing matches and clears with Escape', () => {
    show({ searchText: (c) => c.name });
    const search = view.container.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect(search.getAttribute('aria-label')).toBe('Search');
    type(search, 'o');
    expect(texts()).toEqual(['Formwork', 'Concrete']);
    type(search, 'REB');
    expect(texts()).toEqual(['Rebar']);
    type(search, 'steel ');
    expect(view.container.querySelector('table')).toBeNull();
    expect(view.container.querySelector('.empty')?.textContent).toBe('Nothing matches “steel”');
    press(search, 'Escape');
    expect(texts()).toEqual(['Formwork', 'Rebar', 'Concrete']);
  });

  it('has no search box unless the page gives the text to search', () => {
    show();
    expect(view.container.querySelector('input[type="search"]')).toBeNull();
  });

  it('is one tab stop; arrows, Home and End move between rows; Enter and Delete run their actions', () => {
    show();
    expect(rows().map((r) => r.tabIndex)).toEqual([0, -1, -1]);
    act(() => rows()[0]?.focus());
    press(rows()[0]!, 'ArrowDown');
    expect(document.activeElement).toBe(rows()[1]);
    expect(rows().map((r) => r.tabIndex)).toEqual([-1, 0, -1]);
    press(rows()[1]!, 'End');
    expect(document.activeElement).toBe(rows()[2]);
    press(rows()[2]!, 'ArrowDown');
    expect(document.activeElement).toBe(rows()[2]);
    press(rows()[2]!, 'Home');
    expect(document.activeElement).toBe(rows()[0]);
    press(rows()[0]!, 'ArrowUp');
    expect(document.activeElement).toBe(rows()[0]);

    press(rows()[0]!, 'Enter');
    press(rows()[0]!, 'Delete');
    // the row without a delete action ignores Delete
    press(rows()[1]!, 'Delete');
    expect(ran).toEqual(['edit a', 'delete a']);
  });

  it('leaves keys pressed on a row’s buttons to them, and runs no disabled action', () => {
    show({ actions: actions.map((a) => ({ ...a, disabled: a.shortcut === 'Delete' })) });
    press(rows()[0]!.querySelector('button')!, 'Enter');
    press(rows()[0]!, 'Delete');
    expect(ran).toEqual([]);
    expect(rows()[0]?.querySelectorAll('button')[1]?.disabled).toBe(true);
  });
});
