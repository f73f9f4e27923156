import type { FieldIssue } from '@takt/contracts';
import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import { describeFailure } from './errors';

/** A field error: a message id of the catalogs and its parameters. */
export interface FieldError {
  message: string;
  params?: Record<string, string | number>;
}
export type FieldErrors = Record<string, FieldError>;

/** Field errors of a zod result; the schemas of @takt/contracts use message ids as messages. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (errors[field]) continue;
    const params: Record<string, string | number> = {};
    if (issue.code === 'too_big') params.max = Number(issue.maximum);
    if (issue.code === 'too_small') params.min = Number(issue.minimum);
    errors[field] = { message: issue.message, params };
  }
  return errors;
}

/** Field errors of the server's `issues` (`path` may be dotted; the first segment names the field). */
export function serverFieldErrors(issues: readonly FieldIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.split('.')[0] ?? '';
    if (!errors[field]) errors[field] = { message: issue.message, params: issue.params };
  }
  return errors;
}

/** The field errors a failed call carries (the server's `issues`; none for a failure of another kind). */
export const fieldErrorsOf = (error: unknown): FieldErrors =>
  serverFieldErrors(describeFailure(error, null).issues);

/**
 * A dialog that saves by one call: `busy` while `save` runs, and the field issues of a failed call as
 * the field errors (the failure itself is reported by the client's error handling).
 */
export function useSaving() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const run = async (save: () => Promise<void>) => {
    setBusy(true);
    try {
      await save();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { errors, busy, run };
}

type TextKeys<T> = { [K in keyof T]-?: T[K] extends string | undefined ? K : never }[keyof T];

/** Form values: literal booleans of a schema (`z.literal(true)`) are still toggled as booleans. */
export type FormValues<T> = { [K in keyof T]: T[K] extends boolean ? boolean : T[K] };

/**
 * Form state validated by a zod schema of @takt/contracts, the same schema the server applies.
 * `submit` validates and returns the parsed value, or null after showing the field errors.
 */
export function useForm<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  initial: FormValues<z.input<S>>,
) {
  type Values = FormValues<z.input<S>>;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = useCallback(<K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      if (!e[field as string]) return e;
      const { [field as string]: _removed, ...rest } = e;
      return rest;
    });
  }, []);

  const submit = useCallback((): z.output<S> | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(zodFieldErrors(result.error));
    return null;
  }, [schema, values]);

  /** Shows the field issues the server attached to a failed call (`error.data.issues`). */
  const showIssuesOf = useCallback((error: unknown) => setErrors(fieldErrorsOf(error)), []);

  /**
   * The options of a mutation that sends this form: the server's field issues are shown at the fields,
   * and the call says so (`showsIssues`), so that they are not notified as well.
   */
  const showsIssues = useMemo(
    () => ({ trpc: { context: { showsIssues: true } }, onError: showIssuesOf }),
    [showIssuesOf],
  );

  /** A submit handler: validates, then hands the parsed value to `send`. */
  const handleSubmit = useCallback(
    (send: (input: z.output<S>) => void) => (event?: { preventDefault(): void }) => {
      event?.preventDefault();
      const input = submit();
      if (input) send(input);
    },
    [submit],
  );

  /** Props binding a text input to a text field of the form. */
  const field = <K extends TextKeys<Values> & string>(name: K) => ({
    name,
    value: (values[name] as string | undefined) ?? '',
    onChange: (value: string) => set(name, value as Values[K]),
    error: errors[name],
  });

  return { values, set, setValues, errors, submit, handleSubmit, showIssuesOf, showsIssues, field };
}
