import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mountEachTest } from '../testing/mount';
import { useForm } from './form';

const schema = z.object({ name: z.string() });

/** The form of the last render, read by the test. */
let form: ReturnType<typeof useForm<typeof schema>>;
function Probe() {
  form = useForm(schema, { name: '' });
  return null;
}

describe('the mutation options of a form', () => {
  const view = mountEachTest();

  it('say that the call shows its issues, and show them at the fields when it fails', () => {
    view.render(<Probe />);
    expect(form.showsIssues.trpc.context.showsIssues).toBe(true);
    act(() =>
      form.showsIssues.onError({
        data: { httpStatus: 400, issues: [{ path: 'name', message: 'validation.required' }] },
      }),
    );
    expect(form.errors.name?.message).toBe('validation.required');
  });
});
