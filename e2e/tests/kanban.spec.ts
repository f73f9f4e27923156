import { expect, test } from '@playwright/test';
import { openSignedIn, ownScheduleByApi, shot } from './helpers';

/**
 * Kanban boards of a schedule: board selection, a board with its columns and cards, a card moved with the
 * keyboard that shows in a second browser at once (the live bus), the card's dialog with its checklist,
 * filters and statistics; a linked card moved to Done completes its work.
 */
test('a board: keyboard move seen live in another browser, card details, filters and statistics', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await ownScheduleByApi(request, 'kanban', 'Kanban space', {
    facility: 'Tower K',
    project: 'Frame',
    schedule: 'Frame works',
  });
  const { call, spaceId, scheduleId, v } = owner;
  const work = await call.post(`${v}/wbs`, { name: 'Pour slab 3' });
  const board = (await call.post(`/space/${spaceId}/schedules/${scheduleId}/kanban`, {
    name: 'Site board',
  })) as {
    id: string;
    columns: { id: string; name: string; revision: number }[];
  };
  const [todo, doing, done] = board.columns;
  await call.patch(`/space/${spaceId}/kanban/columns/${doing!.id}`, {
    revision: doing!.revision,
    wipLimit: 1,
  });
  const label = await call.post(`/space/${spaceId}/kanban/boards/${board.id}/labels`, {
    name: 'Urgent',
    color: '#e5484d',
  });
  await call.post(`/space/${spaceId}/kanban/columns/${todo!.id}/items`, {
    title: 'Order rebar',
    labelIds: [label.id],
    dueDate: '2026-01-15',
  });
  await call.post(`/space/${spaceId}/kanban/columns/${todo!.id}/items`, { workId: work.id });
  for (const title of ['Crane inspection', 'Scaffold check'])
    await call.post(`/space/${spaceId}/kanban/columns/${doing!.id}/items`, { title });

  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();
  const boardPath = `/${spaceId}/kanban-schedule/${scheduleId}`;

  // Board selection.
  await openSignedIn(a, owner.token, boardPath);
  await expect(a.getByTestId('kanban-boards')).toContainText('Site board');
  await shot(a, 'kanban-boards');
  await a.getByRole('link', { name: /Site board/ }).click();
  await expect(a.getByTestId('kanban-column')).toHaveCount(3);
  await openSignedIn(b, owner.token, `${boardPath}/${board.id}`);
  await expect(b.getByTestId('kanban-column')).toHaveCount(3);

  // The body takes the board's style while the screen is open; the over-limit column is marked.
  await expect(a.locator('body')).toHaveClass(/kanban-open/);
  const column = (page: typeof a, id: string) => page.locator(`[data-column-id="${id}"]`);
  await expect(column(a, doing!.id)).toHaveClass(/kanban-column-over/);
  await expect(column(a, doing!.id)).toContainText('Over the WIP limit');
  await shot(a, 'kanban-board');

  // A keyboard move: focus the card, pick it up with Space, one column right, drop with Space.
  // Each step waits for what a screen reader hears, as a person waits to see the card arrive.
  const live = a.locator('[id^="DndLiveRegion"]');
  const heard = (text: string) => expect(live).toContainText(text);
  // An arrow key pressed before the board has measured its columns for the drag moves nothing (the card
  // stays where it is, as dnd-kit is built); a person presses again, and so does the test, never twice
  // once the card has moved.
  const step = async (key: string, text: string) => {
    const before = await live.textContent();
    for (let attempt = 0; attempt < 3; attempt++) {
      await a.keyboard.press(key);
      const moved = await expect(live)
        .toContainText(text, { timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      if (moved || (await live.textContent()) !== before) break;
    }
    await heard(text);
  };
  const card = column(a, todo!.id).getByTestId('kanban-card').filter({ hasText: 'Order rebar' });
  await card.focus();
  await a.keyboard.press('Space');
  await heard('Card Order rebar is over column To do');
  await step('ArrowRight', 'Card Order rebar is over column In progress');
  await a.keyboard.press('Space');
  await expect(column(a, doing!.id)).toContainText('Order rebar');
  // The other browser shows the move within a second (the live bus, no polling).
  await expect(
    column(b, doing!.id).getByTestId('kanban-card').filter({ hasText: 'Order rebar' }),
  ).toBeVisible({
    timeout: 1_000,
  });
  await expect(column(b, todo!.id)).not.toContainText('Order rebar');
  await shot(b, 'kanban-live-moved');

  // The linked card moved to Done with the keyboard (two columns right) completes its work.
  const linked = column(a, todo!.id).getByTestId('kanban-card').filter({ hasText: 'Pour slab 3' });
  await linked.focus();
  await a.keyboard.press('Space');
  await heard('Card Pour slab 3 is over column To do');
  await step('ArrowRight', 'Card Pour slab 3 is over column In progress');
  await step('ArrowRight', 'Card Pour slab 3 is over column Done');
  await a.keyboard.press('Space');
  await heard('Card Pour slab 3 was dropped in column Done.');
  await expect(column(a, done!.id)).toContainText('Pour slab 3');
  await expect(column(a, done!.id)).toContainText('Completed');
  await expect
    .poll(async () => ((await call.get(`${v}/wbs/${work.id}`)) as { status: string }).status)
    .toBe('completed');

  // The card's dialog: its address names it; a checklist with progress shown on the card.
  await column(a, doing!.id).getByRole('button', { name: 'Order rebar', exact: true }).click();
  const dialog = a.getByTestId('kanban-card-dialog');
  await expect(dialog).toBeVisible();
  await expect(a).toHaveURL(new RegExp(`/kanban-schedule/${scheduleId}/${board.id}/[0-9a-f-]{36}$`));
  await dialog.getByLabel('Checklist name').fill('Delivery');
  await dialog.getByRole('button', { name: 'New checklist' }).click();
  await expect(dialog.getByTestId('checklist')).toContainText('Delivery');
  await dialog.getByLabel('Item', { exact: true }).fill('Bars counted');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await dialog.getByLabel('Item', { exact: true }).fill('Certificates');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await dialog.getByRole('checkbox', { name: 'Bars counted' }).click();
  await expect(dialog.getByTestId('checklist')).toContainText('1 of 2 done');
  // An item gets an assignee and a due date (a past one shows overdue).
  await dialog
    .getByTestId('checklist-item')
    .filter({ hasText: 'Certificates' })
    .getByRole('button', { name: 'Edit item' })
    .click();
  const editor = dialog.getByTestId('checklist-item-editor');
  await editor.getByLabel('Assignee').selectOption({ index: 1 });
  await editor.getByLabel('Due date').fill('2020-03-02');
  await editor.getByRole('button', { name: 'Save' }).click();
  const certificates = dialog.getByTestId('checklist-item').filter({ hasText: 'Certificates' });
  await expect(certificates.locator('.checklist-overdue')).toHaveText('02.03.2020');
  await expect(certificates.locator('.checklist-assignee')).not.toBeEmpty();
  // The space's checklist templates, kept by a board manager; a new checklist copies one's items.
  await dialog.getByTestId('checklist-templates-open').click();
  const templates = a.getByTestId('checklist-templates');
  await templates.getByLabel('Template name').fill('Acceptance');
  await templates.getByLabel('Items').fill('Survey done\n\nAs-built drawings\n');
  await templates.getByRole('button', { name: 'Save' }).click();
  await expect(templates.getByRole('button', { name: /Acceptance/ })).toContainText('2 items');
  await shot(a, 'kanban-checklist-templates');
  await templates.getByRole('button', { name: 'Close', exact: true }).first().click();
  await dialog.getByLabel('Checklist name').fill('Handover');
  await dialog.getByLabel('From template').selectOption({ label: 'Acceptance' });
  await dialog.getByRole('button', { name: 'New checklist' }).click();
  await expect(dialog.getByTestId('checklist').filter({ hasText: 'Handover' })).toContainText('0 of 2 done');
  await dialog.getByLabel('Write a comment').fill('Delivery on Monday');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByTestId('kanban-comments')).toContainText('Delivery on Monday');
  await expect(dialog.getByTestId('kanban-history')).toContainText(
    'moved the card from To do to In progress',
  );
  await shot(a, 'kanban-card-dialog');
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(
    column(a, doing!.id).getByTestId('kanban-card').filter({ hasText: 'Order rebar' }),
  ).toContainText('1 of 4');
  // The other browser sees the checklist's progress too.
  await expect(
    column(b, doing!.id).getByTestId('kanban-card').filter({ hasText: 'Order rebar' }),
  ).toContainText('1 of 4');

  // Filters: by label.
  await a.getByTestId('kanban-filters').click();
  await a.getByTestId('kanban-filterbar').getByLabel('Label').selectOption({ label: 'Urgent' });
  await expect(a.getByTestId('kanban-card')).toHaveCount(1);
  await shot(a, 'kanban-filters');
  await a.getByRole('button', { name: 'Clear filters' }).click();
  await expect(a.getByTestId('kanban-card')).toHaveCount(4);

  // Statistics: cards per column, cycle time, throughput.
  await a.getByTestId('kanban-stats').click();
  await expect(a.getByTestId('kanban-stats-panel')).toContainText('over 1 cards');
  await shot(a, 'kanban-stats');

  await first.close();
  await second.close();
});
