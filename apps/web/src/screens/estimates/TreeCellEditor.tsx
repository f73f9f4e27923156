import { type KeyboardEvent, useEffect, useRef } from 'react';

/** The editor of one cell: Enter saves, Tab saves and goes on, Escape cancels; a problem shows beside it. */
export function CellEditor({
  text,
  numeric,
  typed,
  problem,
  busy,
  label,
  onChange,
  onDone,
}: {
  text: string;
  numeric: boolean;
  /** Editing began by typing over the cell: the caret stays after the typed character. */
  typed: boolean;
  problem: string | null;
  busy: boolean;
  label: string;
  onChange: (text: string) => void;
  /** 0: save and stay, 1 / -1: save and go to the next / previous cell; null: cancel. */
  onDone: (move: number | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.focus();
    // a character typed over the cell stays with the caret after it; a value opened for editing is selected
    if (typed) el.setSelectionRange(el.value.length, el.value.length);
    else el.select();
  }, [typed]);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      onDone(null);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      onDone(0);
    } else if (e.key === 'Tab') {
      e.preventDefault();
      onDone(e.shiftKey ? -1 : 1);
    }
  };
  return (
    <div className="estimate-cell-editor">
      <input
        ref={input}
        className={`estimate-cell-input${numeric ? ' num' : ''}`}
        value={text}
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        inputMode={numeric ? 'decimal' : undefined}
        data-testid="estimate-cell-input"
        readOnly={busy}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {problem && (
        <div className="estimate-cell-problem" role="alert" data-testid="estimate-cell-problem">
          {problem}
        </div>
      )}
    </div>
  );
}
