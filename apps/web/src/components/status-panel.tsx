import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Icon, type IconName } from './icons';

/** The centred panel of the one-message pages: an icon (or a big code), a title, text and an action. */
export function StatusPanel({
  icon,
  code,
  tone,
  title,
  children,
  text,
  action,
  link,
  className = 'panel-narrow',
  testId,
}: {
  icon?: IconName;
  code?: string;
  tone?: 'danger' | 'warn' | 'ok';
  title: ReactNode;
  children?: ReactNode;
  /** The quiet explanation under the title (after `children`). */
  text?: ReactNode;
  action?: ReactNode;
  /** The usual action: a link away as a button, primary unless said otherwise. */
  link?: { href: string; label: ReactNode; variant?: 'primary' | 'secondary' };
  className?: string;
  testId?: string;
}) {
  return (
    <div className={`panel ${className} status-page`} data-testid={testId}>
      {code && <div className="status-code">{code}</div>}
      {icon && (
        <div className={`status-icon${tone ? ` status-icon-${tone}` : ''}`}>
          <Icon name={icon} size={28} />
        </div>
      )}
      <h1 className="panel-title">{title}</h1>
      {children}
      {text && <p className="muted">{text}</p>}
      {action}
      {link && (
        <Link href={link.href} className={`btn btn-${link.variant ?? 'primary'}`}>
          {link.label}
        </Link>
      )}
    </div>
  );
}
