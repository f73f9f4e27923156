import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateLanguage, appI18n } from '../lib/i18n';
import { ConfirmHost, type ConfirmResult, confirm } from './confirm';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('shared confirmation dialog', () => {
  let root: Root;
  let container: HTMLElement;

  beforeEach(() => {
    activateLanguage('en');
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() =>
      root.render(
        <I18nProvider i18n={appI18n}>
          <ConfirmHost />
        </I18nProvider>,
      ),
    );
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  function open(options: Parameters<typeof confirm>[0]): Promise<ConfirmResult> {
    let result!: Promise<ConfirmResult>;
    act(() => {
      result = confirm(options);
    });
    return result;
  }
  const dialog = () => container.querySelector<HTMLElement>('[role="dialog"]');
  const button = (text: string) =>
    [...container.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);
  const press = (key: string) =>
    act(() => {
      dialog()?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    });

  it('shows the title with a close button; the close button dismisses', async () => {
    const result = open({ title: 'Delete the role?' });
    expect(dialog()?.textContent).toContain('Delete the role?');
    act(() => container.querySelector<HTMLButtonElement>('[aria-label="Close"]')?.click());
    await expect(result).resolves.toEqual({ status: 'dismissed' });
    expect(dialog()).toBeNull();
  });

  it('confirms with the value of the optional checkbox', async () => {
    const result = open({ title: 'Delete?', checkboxLabel: 'Also delete the backups' });
    expect(container.textContent).toContain('Also delete the backups');
    act(() => container.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click());
    act(() => button('Confirm')?.click());
    await expect(result).resolves.toEqual({ status: 'confirmed', checkboxValue: true });
  });

  it('is cancelled by the cancel button and dismissed by Escape', async () => {
    const cancelled = open({ title: 'A' });
    act(() => button('Cancel')?.click());
    await expect(cancelled).resolves.toEqual({ status: 'cancelled' });
    const dismissed = open({ title: 'B' });
    press('Escape');
    await expect(dismissed).resolves.toEqual({ status: 'dismissed' });
  });

  it('Enter confirms only with useEnter', async () => {
    const withoutEnter = open({ title: 'A' });
    press('Enter');
    expect(dialog()).not.toBeNull();
    act(() => button('Cancel')?.click());
    await expect(withoutEnter).resolves.toEqual({ status: 'cancelled' });

    const withEnter = open({ title: 'B', useEnter: true });
    press('Enter');
    await expect(withEnter).resolves.toEqual({ status: 'confirmed', checkboxValue: false });
  });

  it('keeps the confirm button disabled until a required checkbox is ticked', async () => {
    const result = open({ title: 'Delete space?', checkboxLabel: 'I understand', requireCheckbox: true });
    expect(button('Confirm')?.disabled).toBe(true);
    act(() => container.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click());
    expect(button('Confirm')?.disabled).toBe(false);
    act(() => button('Confirm')?.click());
    await expect(result).resolves.toEqual({ status: 'confirmed', checkboxValue: true });
  });
});
