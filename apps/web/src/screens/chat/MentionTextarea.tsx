import { CHAT_LIMITS } from '@takt/contracts';
import { type RefObject, useState } from 'react';
import { flushSync } from 'react-dom';
import { useT } from '../../lib/i18n';
import { insertMention, type MentionCandidate, mentionAt, mentionMatches } from './mentions';

/**
 * The message's text field: an `@` word is completed from the chat's readers (↑/↓ and Enter or Tab pick
 * one, Escape closes the list); without the list Enter sends and Shift+Enter breaks the line.
 */
export function MentionTextarea({
  value,
  onChange,
  candidates,
  onSend,
  inputRef,
}: {
  value: string;
  onChange: (text: string) => void;
  candidates: readonly MentionCandidate[];
  onSend: () => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const t = useT();
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState(0);
  const mention = mentionAt(value, caret);
  const matches = mention ? mentionMatches(candidates, mention.query) : [];

  const pick = (candidate: MentionCandidate) => {
    if (!mention) return;
    const next = insertMention(value, mention, candidate.login);
    // The completed text and its caret land before the next key is handled: a fast typist's next letters
    // go after the mention, not into the old text that a later frame would replace.
    flushSync(() => {
      onChange(next.text);
      setCaret(next.caret);
    });
    inputRef.current?.setSelectionRange(next.caret, next.caret);
  };

  return (
    <div className="chat-composer-input">
      <textarea
        ref={inputRef}
        className="input chat-textarea"
        rows={2}
        value={value}
        maxLength={CHAT_LIMITS.textMaxLength}
        placeholder={t('chat.placeholder')}
        aria-label={t('chat.message')}
        data-testid="chat-input"
        role="combobox"
        aria-expanded={matches.length > 0}
        aria-controls="chat-mention-list"
        aria-autocomplete="list"
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart);
          setPicked(0);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={(e) => {
          if (matches.length > 0) {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const step = e.key === 'ArrowDown' ? 1 : -1;
              setPicked((p) => (p + step + matches.length) % matches.length);
              return;
            }
            if (e.key === 'Enter' || e.key === 'Tab') {
              e.preventDefault();
              pick(matches[Math.min(picked, matches.length - 1)]!);
              return;
            }
            if (e.key === 'Escape') {
              setCaret(-1);
              return;
            }
          }
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            onSend();
          }
        }}
      />
      {matches.length > 0 && (
        <div className="chat-mention-list" id="chat-mention-list" role="listbox" data-testid="chat-mentions">
          {matches.map((candidate, index) => (
            <div
              key={candidate.id}
              role="option"
              tabIndex={-1}
              aria-selected={index === picked}
              className={index === picked ? 'chat-mention-picked' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(candidate);
              }}
            >
              <strong>@{candidate.login}</strong> {candidate.firstName} {candidate.lastName}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
