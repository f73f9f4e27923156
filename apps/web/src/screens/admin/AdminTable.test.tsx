import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../../testing/mount';
import { AdminTable } from './AdminTable';

const PEOPLE = [
  { id: 'a', name: 'Ann' },
  { id: 'b', name: 'Bob' },
];

describe('AdminTable', () => {
  const view = mountEachTest();
  const ran: string[] = [];
  const show = (withAction: boolean) =>
    view.render(
      <AdminTable
        testId="people"
        heads={['Name']}
        rows={PEOPLE}
        rowKey={(p) => p.id}
        rowTestId={(p) => `person-${p.id}`}
        cells={(p) => <td>{p.name}</td>}
        action={withAction && { label: 'Remove', run: (p) => ran.push(p.id), hidden: (p) => p.id === 'b' }}
      />,
    );

  it('writes the headings, a row an item and, with an action, its column of trash buttons', () => {
    show(true);
    const table = view.container.querySelector('table[data-testid="people"]')!;
    expect(table.parentElement?.className).toBe('table-wrap');
    expect([...table.querySelectorAll('th')].map((th) => [th.textContent, th.className])).toEqual([
      ['Name', ''],
      ['Actions', 'cell-actions'],
    ]);
    expect(table.querySelector('[data-testid="person-b"] .cell-actions')?.innerHTML).toBe('');
    table.querySelector<HTMLButtonElement>('[data-testid="person-a"] button')!.click();
    expect(ran).toEqual(['a']);
  });

  it('has no actions column without an action', () => {
    show(false);
    expect(view.container.querySelectorAll('th')).toHaveLength(1);
    expect(view.container.querySelectorAll('tbody tr')).toHaveLength(2);
  });

  it('puts the row’s other buttons before its trash button, in the same column', () => {
    view.render(
      <AdminTable
        testId="people"
        heads={['Name']}
        rows={PEOPLE}
        rowKey={(p) => p.id}
        rowTestId={(p) => `person-${p.id}`}
        cells={(p) => <td>{p.name}</td>}
        buttons={(p) => <button type="button">Edit {p.name}</button>}
        action={{ label: 'Remove', run: () => {}, hidden: (p) => p.id === 'b' }}
      />,
    );
    expect(view.container.querySelectorAll('th')).toHaveLength(2);
    const texts = (id: string) =>
      [...view.container.querySelectorAll(`[data-testid="${id}"] .cell-actions button`)].map(
        (b) => b.textContent,
      );
    expect(texts('person-a')).toEqual(['Edit Ann', 'Remove']);
    expect(texts('person-b')).toEqual(['Edit Bob']);
  });
});
