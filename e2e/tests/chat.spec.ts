import { expect, test } from '@playwright/test';
import { api, newUser, openSignedIn, ownScheduleByApi, registerByApi, shot } from './helpers';

/**
 * Chat between two browsers: a planner and an executor of the same space talk in the chat of a schedule.
 * What one sends — a message, a reaction, a read receipt — shows in the other's browser within a second,
 * carried by the live events (server-sent events), and the executor's unread count and toast follow.
 */
test('a message, a reaction and a read receipt reach the other browser within a second', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const names = { facility: 'Квартал 7', project: 'Корпус 2', schedule: 'Каркас' };
  const owner = await ownScheduleByApi(request, 'chatown', 'Chat', names);
  const executorUser = { ...newUser('chatexe'), firstName: 'Ivan', lastName: 'Sidorov' };
  const executorToken = await registerByApi(request, executorUser);
  const roles = (await owner.call.get(`/space/${owner.spaceId}/roles`)) as unknown as {
    id: string;
    key: string;
  }[];
  await owner.call.post(`/space/${owner.spaceId}/users/invite`, {
    login: executorUser.login,
    roleId: roles.find((r) => r.key === 'executor')!.id,
  });
  // The executor has opened the schedule's chat once (a member now), and looks at the list of chats.
  await api(request, executorToken).get(`/space/${owner.spaceId}/chat/eps/${owner.scheduleId}`);

  const planner = await (await browser.newContext()).newPage();
  const executor = await (await browser.newContext()).newPage();
  // Each page's live stream is open (its first answer arrived) before the other writes.
  const liveOpen = (page: typeof planner) => page.waitForResponse((r) => r.url().includes('live.events'));
  const plannerLive = liveOpen(planner);
  await openSignedIn(planner, owner.token, `/${owner.spaceId}/chat?node=${owner.scheduleId}`);
  await expect(planner.getByTestId('chat-composer')).toBeVisible({ timeout: 30_000 });
  await expect(planner).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const chatId = planner.url().split('/').at(-1)!;
  await expect(planner.locator('.chat-conversation-title')).toHaveText(names.schedule);
  const executorLive = liveOpen(executor);
  await openSignedIn(executor, executorToken, `/${owner.spaceId}/chat`);
  await Promise.all([plannerLive, executorLive]);
  const executorItem = executor.locator(`[data-testid="chat-list-item"][data-chat-id="${chatId}"]`);
  await expect(executorItem).toBeVisible({ timeout: 30_000 });
  await expect(executorItem.getByTestId('chat-unread')).toHaveCount(0);

  // The planner writes, mentioning the executor through the @ list.
  const input = planner.getByTestId('chat-input');
  await input.fill('Бетон привезут в 9:00, ');
  await input.pressSequentially('@Iv');
  await expect(planner.getByTestId('chat-mentions')).toContainText(executorUser.login);
  await input.press('Enter');
  await input.pressSequentially('встретьте машину');
  const sent = planner.waitForResponse((r) => r.url().includes('/chat/create-message') && r.ok());
  await planner.getByTestId('chat-send').click();
  await sent;
  // The executor's list counts it unread and a toast shows its first characters, within a second.
  await expect(executorItem.getByTestId('chat-unread')).toHaveText('1', { timeout: 1_000 });
  const toast = executor.getByTestId('chat-toast');
  await expect(toast).toBeVisible({ timeout: 1_000 });
  await expect(toast).toContainText('Бетон привезут в 9:00');
  // The navigation counts the unread messages of all the user's chats, on every screen.
  await expect(executor.getByTestId('chat-nav-unread')).toHaveText('1');
  await shot(executor, 'chat-unread-and-toast');

  // The executor opens the chat: the message is there, the mention marked; reading it clears the count
  // and the planner sees the receipt.
  await executorItem.click();
  const message = executor.getByTestId('chat-message').filter({ hasText: 'встретьте машину' });
  await expect(message).toBeVisible();
  await expect(message.locator('.chat-mention')).toHaveText(`@${executorUser.login}`);
  await expect(executorItem.getByTestId('chat-unread')).toHaveCount(0);
  await expect(executor.getByTestId('chat-nav-unread')).toHaveCount(0);
  await expect(planner.getByTestId('chat-receipt').last()).toContainText('Ivan Sidorov', { timeout: 1_000 });

  // The executor reacts; the planner sees the reaction within a second.
  await message.hover();
  await message.getByRole('button', { name: 'React', exact: true }).click();
  const reacted = executor.waitForResponse((r) => r.url().includes('chat.react') && r.ok());
  await executor.getByRole('menuitem', { name: 'React with 👍' }).click();
  await reacted;
  const plannerMessage = planner.getByTestId('chat-message').filter({ hasText: 'встретьте машину' });
  await expect(plannerMessage.getByTestId('chat-reaction')).toHaveText('👍 1', { timeout: 1_000 });

  // The executor answers; the planner, in the chat, sees it at once and gets no toast for the chat on screen.
  await executor.getByTestId('chat-input').fill('Встречу, буду на въезде');
  await executor.getByTestId('chat-input').press('Enter');
  await expect(planner.getByTestId('chat-text').last()).toHaveText('Встречу, буду на въезде', {
    timeout: 1_000,
  });
  await expect(planner.getByTestId('chat-toast')).toHaveCount(0);
  await shot(planner, 'chat-conversation');
  await shot(executor, 'chat-conversation-executor');

  // The unread filter lists nothing once everything is read.
  await executor.getByRole('tab', { name: 'Unread' }).click();
  await expect(executor.getByText('Everything is read')).toBeVisible();
});
