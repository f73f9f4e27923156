import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount';
import { ConfirmHost, type ConfirmResult, confirm, confirmedDelete } from './confirm';

describe('shared confirmation dialog', () => {
  const view = mountEachTest();
  beforeEach(() => view.render(<ConfirmHost />));

  function open(options: Parameters<typeof confirm>[0]): Promise<ConfirmResult> {
    let result!: Promise<ConfirmResult>;
    act(() => {
      result = confirm(options);
    });
    return result;
  }
  const dialog = () => view.container.querySelector<HTMLElement>('[role="dialog"]');
  const button = (text: string) =>
    [...view.container.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);
  const press = (key: string) =>
    act(() => {
      dialog()?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    });

  it('shows the title with a close button; the close button dismisses', async () => {
    const result = open({ title: 'Delete the role?' });
    expect(dialog()?.textContent).toContain('Delete the role?');
    act(() => view.container.querySelector<HTMLButtonElement>('[aria-label="Close"]')?.click());
    await expect(result).resolves.toEqual({ status: 'dismissed' });
    expect(dialog()).toBeNull();
  });

  it('confirms with the value of the optional checkbox', async () => {
    const result = open({ title: 'Delete?', checkboxLabel: 'Also delete the backups' });
    expect(view.container.textContent).toContain('Also delete the backups');
    act(() => view.container.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click());
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
    act(() => view.container.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click());
    expect(button('Confirm')?.disabled).toBe(false);
    act(() => button('Confirm')?.click());
    await expect(result).resolves.toEqual({ status: 'confirmed', checkboxValue: true });
  });

  it('asks before a deletion with a Delete button and its text; only Delete answers yes', async () => {
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmedDelete('Delete the calendar?', 'Works keep their dates.');
    });
    expect(dialog()?.textContent).toContain('Works keep their dates.');
    act(() => button('Delete')?.click());
    await expect(answer).resolves.toBe(true);
    act(() => {
      answer = confirmedDelete('Delete the role?');
    });
    press('Escape');
    await expect(answer).resolves.toBe(false);
  });
});
