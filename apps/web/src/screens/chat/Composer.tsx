import { CHAT_ATTACHMENT_TYPES, CHAT_LIMITS } from '@takt/contracts';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/icons';
import { Button, CrossButton, IconButton } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { type ChatMessage, sendMessageForm } from './chat-api';
import { MentionTextarea } from './MentionTextarea';
import { type MentionCandidate, mentionedIds } from './mentions';

/** What the composer is doing besides writing a new message: answering one, or editing one of the user's own. */
export type ComposerTarget = { kind: 'reply' | 'edit'; message: ChatMessage } | null;

/**
 * The message being written: text with `@` mentions completed from the chat's readers (MentionTextarea),
 * up to four files, a reply or an edit. Enter sends, Shift+Enter breaks the line.
 */
export function Composer({
  chatId,
  candidates,
  target,
  onDone,
  nameOf,
}: {
  chatId: string;
  candidates: readonly MentionCandidate[];
  target: ComposerTarget;
  onDone: (message: ChatMessage | null) => void;
  nameOf: (id: string | null) => string;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // An edit starts from the message as it is.
  useEffect(() => {
    setText(target?.kind === 'edit' ? target.message.text : '');
    setFiles([]);
    setRemoved([]);
    if (target) input.current?.focus();
  }, [target]);

  const editing = target?.kind === 'edit' ? target.message : null;
  const kept = editing ? editing.attachments.filter((a) => !removed.includes(a.id)) : [];
  const room = CHAT_LIMITS.attachmentsPerMessage - kept.length - files.length;

  const send = async () => {
    const body = text.trim();
    if (sending || (!body && files.length === 0 && kept.length === 0)) return;
    setSending(true);
    const mentions = mentionedIds(body, candidates);
    const message = editing
      ? await sendMessageForm(
          spaceId,
          'PATCH',
          { chatId, messageId: editing.id, text: body, mentions, removeAttachmentIds: removed },
          files,
        )
      : await sendMessageForm(
          spaceId,
          'POST',
          {
            chatId,
            text: body,
            mentions,
            replyToId: target?.kind === 'reply' ? target.message.id : undefined,
          },
          files,
        );
    setSending(false);
    if (!message) return;
    setText('');
    setFiles([]);
    setRemoved([]);
    onDone(message);
  };

  const addFiles = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    const allowed: readonly string[] = CHAT_ATTACHMENT_TYPES;
    const refused = chosen.filter(
      (f) => !allowed.includes(f.type) || f.size > CHAT_LIMITS.attachmentMaxBytes,
    );
    if (refused.length)
      notify('error', [
        t('chat.file_refused', {
          names: refused.map((f) => f.name).join(', '),
          mb: CHAT_LIMITS.attachmentMaxBytes / (1024 * 1024),
        }),
      ]);
    const accepted = chosen.filter((f) => !refused.includes(f));
    setFiles((current) =>
      [...current, ...accepted].slice(0, CHAT_LIMITS.attachmentsPerMessage - kept.length),
    );
  };

  return (
    <div className="chat-composer" data-testid="chat-composer">
      {target && (
        <div className="chat-composer-target">
          <span>
            {target.kind === 'reply'
              ? t('chat.replying_to', { name: nameOf(target.message.authorId) })
              : t('chat.editing')}
            : <q>{target.message.text.slice(0, 80)}</q>
          </span>
          <CrossButton label={t('common.cancel')} onClick={() => onDone(null)} />
        </div>
      )}
      {(kept.length > 0 || files.length > 0) && (
        <ul className="chat-composer-files">
          {kept.map((file) => (
            <li key={file.id}>
              <Icon name="paperclip" size={14} /> {file.name}
              <CrossButton
                label={t('chat.remove_file', { name: file.name })}
                onClick={() => setRemoved((r) => [...r, file.id])}
              />
            </li>
          ))}
          {files.map((file, index) => (
            <li key={`${file.name}:${file.size}:${file.lastModified}`}>
              <Icon name="paperclip" size={14} /> {file.name}
              <CrossButton
                label={t('chat.remove_file', { name: file.name })}
                onClick={() => setFiles((list) => list.filter((_, i) => i !== index))}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="chat-composer-row">
        <IconButton label={t('chat.attach')} disabled={room <= 0} onClick={() => fileInput.current?.click()}>
          <Icon name="paperclip" />
        </IconButton>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          accept={CHAT_ATTACHMENT_TYPES.join(',')}
          data-testid="chat-file-input"
          onChange={(e) => {
            addFiles(e.target.files);
            e.target.value = '';
          }}
        />
        <MentionTextarea
          value={text}
          onChange={setText}
          candidates={candidates}
          onSend={() => void send()}
          inputRef={input}
        />
        <Button variant="primary" busy={sending} onClick={() => void send()} data-testid="chat-send">
          {editing ? t('common.save') : t('chat.send')}
        </Button>
      </div>
    </div>
  );
}
