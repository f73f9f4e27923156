import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useT } from '../lib/i18n';
import { createStore, useStore } from '../state/store';
import { Button, CrossButton } from './ui';

export interface ConfirmOptions {
  title: ReactNode;
  text?: ReactNode;
  /** The confirm button's text; a `danger` dialog says "Delete" unless told otherwise. */
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  /** Shows a checkbox with this label; its value is returned as `checkboxValue`. */
  checkboxLabel?: ReactNode;
  /** The confirm button stays disabled until the checkbox is ticked. */
  requireCheckbox?: boolean;
  /** Enter confirms the dialog. */
  useEnter?: boolean;
}

/** The three ways a confirmation dialog ends (screens and routes, states). */
export type ConfirmResult =
  | { status: 'confirmed'; checkboxValue: boolean }
  | { status: 'cancelled' }
  | { status: 'dismissed' };

interface Pending {
  id: number;
  options: ConfirmOptions;
  resolve: (result: ConfirmResult) => void;
}

const dialogs = createStore<{ pending: Pending | null }>({ pending: null });
let nextId = 1;

/** Opens the shared confirmation dialog; a dialog still open is dismissed first. */
export function confirm(options: ConfirmOptions): Promise<ConfirmResult> {
  dialogs.get().pending?.resolve({ status: 'dismissed' });
  return new Promise((resolve) => {
    dialogs.set({
      pending: {
        id: nextId++,
        options,
        resolve: (result) => {
          dialogs.set({ pending: null });
          resolve(result);
        },
      },
    });
  });
}

/** The dialog for the usual yes/no question: true only when confirmed (cancelled and dismissed alike are no). */
export async function confirmed(options: ConfirmOptions): Promise<boolean> {
  return (await confirm(options)).status === 'confirmed';
}

/** The question before anything is deleted: a danger dialog whose button says "Delete"; true only when confirmed. */
export function confirmedDelete(title: ReactNode, text?: ReactNode): Promise<boolean> {
  return confirmed({ title, text, danger: true });
}

export function ConfirmHost() {
  const pending = useStore(dialogs, (s) => s.pending);
  return pending ? <ConfirmDialog key={pending.id} pending={pending} /> : null;
}

function ConfirmDialog({ pending }: { pending: Pending }) {
  const t = useT();
  const { options, resolve } = pending;
  const [checked, setChecked] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const canConfirm = !options.requireCheckbox || checked;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    return () => previous?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      resolve({ status: 'dismissed' });
    } else if (event.key === 'Enter' && event.target === panel.current) {
      event.preventDefault();
      if (options.useEnter && canConfirm) resolve({ status: 'confirmed', checkboxValue: checked });
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click outside dismisses; the keyboard has Escape
    <div
      className="modal-backdrop"
      role="presentation"
      onMouseDown={(e) => e.target === e.currentTarget && resolve({ status: 'dismissed' })}
    >
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        tabIndex={-1}
        ref={panel}
        onKeyDown={onKeyDown}
      >
        <header className="modal-header">
          <h2 id="confirm-title" className="modal-title">
            {options.title}
          </h2>
          <CrossButton label={t('common.close')} onClick={() => resolve({ status: 'dismissed' })} />
        </header>
        {options.text && <div className="modal-body">{options.text}</div>}
        {options.checkboxLabel && (
          <label className="check modal-check">
            <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
            <span>{options.checkboxLabel}</span>
          </label>
        )}
        <footer className="modal-footer">
          <Button onClick={() => resolve({ status: 'cancelled' })}>
            {options.cancelLabel ?? t('common.cancel')}
          </Button>
          <Button
            variant={options.danger ? 'danger' : 'primary'}
            disabled={!canConfirm}
            onClick={() => resolve({ status: 'confirmed', checkboxValue: checked })}
          >
            {options.confirmLabel ?? t(options.danger ? 'common.delete' : 'common.confirm')}
          </Button>
        </footer>
      </div>
    </div>
  );
}
