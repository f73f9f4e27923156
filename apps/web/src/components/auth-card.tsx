import type { FormEvent, ReactNode } from 'react';

/** The card of the sign-in related pages. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  onSubmit,
  wide = false,
  testId,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  onSubmit?: () => void;
  wide?: boolean;
  testId?: string;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <div className={`panel ${wide ? 'panel-wide' : 'panel-narrow'}`} data-testid={testId}>
      <h1 className="panel-title">{title}</h1>
      {subtitle && <p className="panel-subtitle">{subtitle}</p>}
      {onSubmit ? (
        <form className="form" onSubmit={submit} noValidate>
          {children}
        </form>
      ) : (
        <div className="form">{children}</div>
      )}
      {footer && <div className="panel-footer">{footer}</div>}
    </div>
  );
}
