import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount';
import { useSaving } from './form';

/** The hook's state of the last render, read by the tests. */
let saving: ReturnType<typeof useSaving>;
function Probe() {
  saving = useSaving();
  return null;
}

describe('useSaving', () => {
  const view = mountEachTest();

  it('is busy while the save runs and keeps no errors when it succeeds', async () => {
    view.render(<Probe />);
    let finish = () => {};
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = saving.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(saving.busy).toBe(true);
    await act(async () => {
      finish();
      await done;
    });
    expect(saving.busy).toBe(false);
    expect(saving.errors).toEqual({});
  });

  it('shows the field issues of a failed call as the field errors', async () => {
    view.render(<Probe />);
    const failure = {
      data: { httpStatus: 400, issues: [{ path: 'name.0', message: 'validation.required' }] },
    };
    await act(() =>
      saving.run(async () => {
        throw failure;
      }),
    );
    expect(saving.busy).toBe(false);
    expect(saving.errors).toEqual({ name: { message: 'validation.required' } });
  });
});
