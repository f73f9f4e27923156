import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { useT } from '../lib/i18n';
import { Button, CrossButton } from './ui';
import './dialog.css';

/** A modal form (create, rename, move …): Escape or a click outside closes it, submit runs `onSubmit`. */
export function FormDialog({
  title,
  children,
  submitLabel,
  busy,
  wide,
  onSubmit,
  onClose,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  submitLabel?: string;
  busy?: boolean;
  wide?: boolean;
  onSubmit?: () => void;
  onClose: () => void;
  testId?: string;
}) {
  const t = useT();
  const panel = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('input, select, textarea, button');
    (first ?? panel.current)?.focus();
    return () => previous?.focus?.();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A dialog opened from another's (through a portal) submits itself alone, not the one under it.
    event.stopPropagation();
    onSubmit?.();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click outside closes; the keyboard has Escape
    <div
      className="modal-backdrop"
      role="presentation"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <form
        ref={panel}
        className={`modal${wide ? ' modal-wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={typeof title === 'string' ? title : undefined}
        tabIndex={-1}
        data-testid={testId}
        onSubmit={submit}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <header className="modal-header">
          <h2 className="modal-title">{title}</h2>
          <CrossButton label={t('common.close')} onClick={onClose} />
        </header>
        <div className="modal-body modal-form">{children}</div>
        <footer className="modal-footer">
          <Button onClick={onClose}>{onSubmit ? t('common.cancel') : t('common.close')}</Button>
          {onSubmit && (
            <Button type="submit" variant="primary" busy={busy}>
              {submitLabel ?? t('common.save')}
            </Button>
          )}
        </footer>
      </form>
    </div>
  );
}
