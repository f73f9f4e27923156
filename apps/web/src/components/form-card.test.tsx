import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount';
import { FormCard } from './form-card';

describe('FormCard', () => {
  const view = mountEachTest();
  const submitButton = () => view.container.querySelector<HTMLButtonElement>('button[type="submit"]');

  it('submits through its handler without the browser navigating, the button last in the form', () => {
    let submitted = 0;
    let prevented = false;
    view.render(
      <FormCard
        title="Password"
        onSubmit={(event) => {
          event.preventDefault();
          prevented = true;
          submitted++;
        }}
        busy={false}
        submit="Change password"
      >
        <input name="password" />
      </FormCard>,
    );
    expect(view.container.querySelector('.card-title')?.textContent).toBe('Password');
    const form = view.container.querySelector('form');
    expect(form?.noValidate).toBe(true);
    expect(form?.lastElementChild?.textContent).toBe('Change password');
    act(() => submitButton()?.click());
    expect({ submitted, prevented }).toEqual({ submitted: 1, prevented: true });
  });

  it('keeps the submit button disabled while busy', () => {
    view.render(
      <FormCard title="Settings" testId="settings-form" onSubmit={() => {}} busy submit="Save">
        <input name="name" />
      </FormCard>,
    );
    expect(view.container.querySelector('[data-testid="settings-form"]')).not.toBeNull();
    expect(submitButton()?.disabled).toBe(true);
  });
});
