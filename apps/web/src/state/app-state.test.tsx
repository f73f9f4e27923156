import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount';
import { appState, FORM_FLAGS, setFormVisible, useFormFlag, useFormTarget } from './app-state';

/** Two places that can open the flow settings (say, two panels), and something that opens another form. */
function Opener({ name }: { name: string }) {
  const [target, open] = useFormTarget<string>('projectPipeSettings');
  return (
    <div>
      <button type="button" data-open={name} onClick={() => open(name)} />
      {target && (
        <div role="dialog" data-owner={name}>
          <button type="button" data-close={name} onClick={() => open(null)} />
        </div>
      )}
    </div>
  );
}

function Host() {
  const [second, setSecond] = useState(true);
  const [space] = useFormFlag('createSpace');
  return (
    <>
      <Opener name="first" />
      {second && <Opener name="second" />}
      <button type="button" data-drop onClick={() => setSecond(false)} />
      {space && <div data-space />}
    </>
  );
}

describe('app-level form flags', () => {
  const view = mountEachTest();
  const click = (selector: string) =>
    act(() => view.container.querySelector<HTMLButtonElement>(selector)!.click());
  const owners = () =>
    [...view.container.querySelectorAll('[role="dialog"]')].map((d) => d.getAttribute('data-owner'));

  it('starts with every form closed, and a flag opens and closes only its own form', () => {
    expect(FORM_FLAGS.every((flag) => appState.get().forms[flag] === false)).toBe(true);
    view.render(<Host />);
    act(() => setFormVisible('createSpace', true));
    expect(view.container.querySelector('[data-space]')).not.toBeNull();
    expect(appState.get().forms.projectPipeSettings).toBe(false);
    act(() => setFormVisible('createSpace', false));
    expect(view.container.querySelector('[data-space]')).toBeNull();
  });

  it('shows a targeted dialog only while its flag is up, and closing it anywhere closes it everywhere', () => {
    view.render(<Host />);
    expect(owners()).toEqual([]);
    click('[data-open="first"]');
    expect(owners()).toEqual(['first']);
    expect(appState.get().forms.projectPipeSettings).toBe(true);
    // the flag lowered from outside (another screen, a shortcut) closes the dialog
    act(() => setFormVisible('projectPipeSettings', false));
    expect(owners()).toEqual([]);
    click('[data-open="second"]');
    click('[data-close="second"]');
    expect(owners()).toEqual([]);
    expect(appState.get().forms.projectPipeSettings).toBe(false);
  });

  it('lowers the flag when the place that opened the form goes away', () => {
    view.render(<Host />);
    click('[data-open="second"]');
    expect(appState.get().forms.projectPipeSettings).toBe(true);
    click('[data-drop]');
    expect(appState.get().forms.projectPipeSettings).toBe(false);
    expect(owners()).toEqual([]);
  });
});
