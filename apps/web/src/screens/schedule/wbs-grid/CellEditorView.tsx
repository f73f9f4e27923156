import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Options } from '../../../components/compact-select';
import { useT } from '../../../lib/i18n';
import type { CellEditor } from './types';

/**
 * The editor of one cell: a text input, a select (saved on change) or a constraint's type and date
 * (saved when the focus leaves both). Enter saves and stays, Tab saves and moves, Escape cancels; a
 * refused value keeps the editor open with the error under it.
 */
export function CellEditorView({
  editor,
  row,
  onDone,
}: {
  editor: CellEditor;
  row: number;
  /** 0: stay, 1 / -1: move to the next / previous column; null: cancelled. */
  onDone: (next: number | null) => void;
}) {
  const t = useT();
  const [text, setText] = useState(() => editor.initial(row));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const second = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    if (input.current instanceof HTMLInputElement) input.current.select();
  }, []);
  const save = async (next: number, value = text) => {
    if (busy) return;
    if (value === editor.initial(row)) return onDone(next);
    setBusy(true);
    const problem = await editor.commit(row, value);
    setBusy(false);
    if (problem) {
      setError(problem);
      input.current?.focus();
    } else onDone(next);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      onDone(null);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void save(0);
    } else if (e.key === 'Tab') {
      e.preventDefault();
      void save(e.shiftKey ? -1 : 1);
    }
  };
  if (editor.kind === 'limit') {
    const [type = '', date = ''] = text.split('|');
    const set = (nextType: string, nextDate: string) => {
      setText(`${nextType}|${nextDate}`);
      setError(null);
    };
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: the pair of controls commits when the focus leaves both
      <div
        className="wbs-editor wbs-editor-limit"
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null) && !busy && !error) void save(0);
        }}
      >
        <select
          ref={input}
          className="wbs-input wbs-limit-type"
          value={type}
          aria-label={t('grid.limit.type')}
          aria-invalid={error ? true : undefined}
          disabled={busy}
          onChange={(e) => {
            set(e.target.value, e.target.value ? date : '');
            if (e.target.value) requestAnimationFrame(() => second.current?.focus());
          }}
          onKeyDown={onKeyDown}
        >
          <Options options={editor.options ?? []} />
        </select>
        <input
          ref={second}
          className="wbs-input wbs-limit-date"
          value={date}
          placeholder={t('grid.date_placeholder')}
          aria-label={t('grid.limit.date')}
          aria-invalid={error ? true : undefined}
          disabled={busy || !type}
          onChange={(e) => set(type, e.target.value)}
          onKeyDown={onKeyDown}
        />
        {error && (
          <div className="wbs-error" role="alert">
            {error}
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="wbs-editor">
      {editor.kind === 'select' ? (
        <select
          ref={input}
          className="wbs-input"
          value={text}
          aria-invalid={error ? true : undefined}
          disabled={busy}
          onChange={(e) => {
            setText(e.target.value);
            void save(0, e.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => !busy && !error && onDone(null)}
        >
          <Options options={editor.options ?? []} />
        </select>
      ) : (
        <input
          ref={input}
          className="wbs-input"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-busy={busy || undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => !busy && !error && void save(0)}
        />
      )}
      {error && (
        <div className="wbs-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
