import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';

/** The centred panel of the one-message pages: an icon (or a big code), a title, text and an action. */
export function StatusPanel({
  icon,
  code,
  tone,
  title,
  children,
  action,
  className = 'panel-narrow',
  testId,
}: {
  icon?: IconName;
  code?: string;
  tone?: 'danger' | 'warn' | 'ok';
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
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
      {action}
    </div>
  );
}
