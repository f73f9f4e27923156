import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '@takt/contracts';
import { openSignedIn, ownSpaceByApi, shot } from './helpers';

test.describe('a Russian browser', () => {
  test.use({ locale: 'ru-RU' });

  test('gets the Russian interface and can switch to English and French', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await shot(page, 'login-ru');

    await page.getByRole('combobox', { name: 'Язык' }).selectOption('en');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // French uses the English texts.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.language)).toBe('fr');

    // The last localization is remembered across a reload.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
  });

  test('requests carry the language, so server errors arrive translated', async ({ page }) => {
    await page.goto('/auth/login');
    const request = page.waitForRequest((r) => r.url().includes('/trpc/auth.login'));
    await page.getByLabel('Логин', { exact: true }).fill('nobody-here');
    await page.getByLabel('Пароль', { exact: true }).fill('whatever-password');
    await page.getByRole('button', { name: 'Войти' }).click();
    expect((await request).headers()['x-language']).toBe('ru');
    await expect(page.getByText('ошибка: Неверный логин или пароль')).toBeVisible();
  });
});

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('falls back to the first allowed language', async ({ page, request }) => {
    const state = await (await request.get('/api/v1/system-state')).json();
    await page.goto('/auth/login');
    await expect(page.locator('html')).toHaveAttribute('lang', state.allowed_langs[0]);
  });
});

test.describe('weeks per locale', () => {
  /** The weekday headers of a calendar's month of exceptions, for a browser of `locale`. */
  async function monthHeaders(
    browser: Browser,
    request: APIRequestContext,
    locale: string,
  ): Promise<string[]> {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const { token, spaceId } = await ownSpaceByApi(request, `weeks${locale.slice(3)}`, 'Weeks');
    await openSignedIn(page, token, `/${spaceId}/calendars`);
    await page.getByTestId('calendar-create').click();
    const month = page.getByTestId('exceptions-month');
    await expect(month).toBeVisible();
    const headers = await month.locator('.month-head').allTextContents();
    if (locale === 'en-US') await shot(page, 'calendars-week-from-sunday');
    await context.close();
    return headers;
  }

  test('start on Monday by default and on Sunday in an American browser', async ({ browser, request }) => {
    expect((await monthHeaders(browser, request, 'en-GB')).slice(0, 2)).toEqual(['Mon', 'Tue']);
    expect((await monthHeaders(browser, request, 'en-US')).slice(0, 2)).toEqual(['Sun', 'Mon']);
  });
});
