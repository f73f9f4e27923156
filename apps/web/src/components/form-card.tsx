import type { ReactNode } from 'react';
import { Button, Card } from './ui';

/**
 * A card that is one form: the fields, then the submit button at the bottom right. The browser's own
 * validation is off — the form's schema checks the fields and shows their errors.
 */
export function FormCard({
  title,
  description,
  testId,
  onSubmit,
  busy,
  submit,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  testId?: string;
  onSubmit: (event: { preventDefault(): void }) => void;
  busy: boolean;
  /** The submit button's content. */
  submit: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card title={title} description={description}>
      <form className="form" noValidate data-testid={testId} onSubmit={onSubmit}>
        {children}
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={busy}>
            {submit}
          </Button>
        </div>
      </form>
    </Card>
  );
}
