import type { FormEvent, ReactNode } from 'react';
import { Button } from './ui';

/** The card of the sign-in related pages. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  below,
  onSubmit,
  submit,
  wide = false,
  testId,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Shown under the form, above the footer (the sign-in page's company directory buttons). */
  below?: ReactNode;
  onSubmit?: () => void;
  /** The form's submit button, the full width of the card under the fields. */
  submit?: { label: ReactNode; busy: boolean };
  wide?: boolean;
  testId?: string;
}) {
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <div className={`panel ${wide ? 'panel-wide' : 'panel-narrow'}`} data-testid={testId}>
      <h1 className="panel-title">{title}</h1>
      {subtitle && <p className="panel-subtitle">{subtitle}</p>}
      {onSubmit ? (
        <form className="form" onSubmit={send} noValidate>
          {children}
          {submit && (
            <Button type="submit" variant="primary" className="btn-block" busy={submit.busy}>
              {submit.label}
            </Button>
          )}
        </form>
      ) : (
        <div className="form">{children}</div>
      )}
      {below}
      {footer && <div className="panel-footer">{footer}</div>}
    </div>
  );
}
