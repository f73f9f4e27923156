import { formatDateTime } from '@takt/i18n';
import { Avatar } from '../../components/avatar';
import { DownloadButton } from '../../components/download-button';
import { Icon } from '../../components/icons';
import { Button, IconButton } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { fileSizeText } from '../../lib/file-size';
import { useT } from '../../lib/i18n';
import type { ComposerTarget } from './Composer';
import { attachmentPath, type ChatMessage, QUICK_REACTIONS } from './chat-api';
import { textParts } from './mentions';

/** A reader of the chat, as the chat's user list answers it. */
export type ChatUser = RouterOutputs['chat']['users'][number];

/**
 * One message of the conversation: its author, text with mentions, the message it answers, files,
 * reactions, the read receipt of the user's own and the actions the user may take on it.
 */
export function ChatMessageItem({
  message,
  myId,
  author,
  readBy,
  logins,
  nameOf,
  ...actions
}: MessageActionProps & {
  message: ChatMessage;
  myId: string | undefined;
  author: ChatUser | undefined;
  /** Who has read the user's own message (empty for the others'). */
  readBy: readonly ChatUser[];
  logins: ReadonlySet<string>;
  nameOf: (id: string | null) => string;
}) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const mine = message.authorId === myId;
  return (
    <li
      className={`chat-message${mine ? ' chat-message-mine' : ''}${message.deleted ? ' chat-message-deleted' : ''}`}
      data-testid="chat-message"
      data-message-id={message.id}
    >
      {author ? (
        <Avatar user={author} size={32} />
      ) : (
        <span className="chat-avatar-none">
          <Icon name="user" />
        </span>
      )}
      <div className="chat-bubble">
        <div className="chat-meta">
          <span className="chat-author">{nameOf(message.authorId)}</span>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          {message.edited && !message.deleted && <span className="chat-edited">{t('chat.edited')}</span>}
        </div>
        {message.replyTo && (
          <div className="chat-reply-quote">
            <span className="chat-author">{nameOf(message.replyTo.authorId)}</span>
            <span>{message.replyTo.deleted ? t('chat.deleted') : message.replyTo.text}</span>
          </div>
        )}
        {message.deleted ? (
          <p className="chat-text chat-text-deleted">{t('chat.deleted')}</p>
        ) : (
          message.text && (
            <p className="chat-text" data-testid="chat-text">
              {textParts(message.text, logins).map((part, i) =>
                part.mention ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text never reorder
                  <mark key={i} className="chat-mention">
                    {part.text}
                  </mark>
                ) : (
                  part.text
                ),
              )}
            </p>
          )
        )}
        {message.attachments.length > 0 && (
          <ul className="chat-files">
            {message.attachments.map((file) => (
              <li key={file.id}>
                <DownloadButton
                  className="chat-file"
                  path={attachmentPath(spaceId, message.chatId, file.id)}
                  name={file.name}
                >
                  <Icon name="paperclip" size={14} />
                  {file.name}
                  <span className="chat-file-size">{fileSizeText(t, file.size)}</span>
                </DownloadButton>
              </li>
            ))}
          </ul>
        )}
        {message.reactions.length > 0 && (
          <div className="chat-reactions">
            {message.reactions.map((r) => (
              <button
                key={r.emoji}
                type="button"
                className={`chat-reaction${myId && r.userIds.includes(myId) ? ' chat-reaction-mine' : ''}`}
                title={r.userIds.map(nameOf).join(', ')}
                disabled={!can('chat.write')}
                data-testid="chat-reaction"
                onClick={() => actions.onReact(r.emoji)}
              >
                {r.emoji} <span>{r.userIds.length}</span>
              </button>
            ))}
          </div>
        )}
        {mine && !message.deleted && (
          <div className="chat-receipt" data-testid="chat-receipt">
            {readBy.length > 0
              ? t('chat.read_by', { names: readBy.map((u) => nameOf(u.id)).join(', ') })
              : t('chat.sent')}
          </div>
        )}
      </div>
      {!message.deleted && can('chat.write') && <MessageActions message={message} mine={mine} {...actions} />}
    </li>
  );
}

/** The message's actions the conversation handles. */
interface MessageActionProps {
  /** Whether the menu of quick reactions is open (one message's at a time). */
  menuOpen: boolean;
  onMenu: (open: boolean) => void;
  onTarget: (target: ComposerTarget) => void;
  onReact: (emoji: string) => void;
  onDelete: () => void;
}

/** What the user may do with a message: react, answer, edit their own, delete (own, or as a moderator). */
function MessageActions({
  message,
  mine,
  menuOpen,
  onMenu,
  onTarget,
  onReact,
  onDelete,
}: MessageActionProps & { message: ChatMessage; mine: boolean }) {
  const t = useT();
  const { can } = useSpace();
  return (
    <div className="chat-actions">
      <IconButton icon="sparkle" label={t('chat.react')} onClick={() => onMenu(!menuOpen)} />
      <Button variant="ghost" onClick={() => onTarget({ kind: 'reply', message })}>
        {t('chat.reply')}
      </Button>
      {mine && (
        <Button variant="ghost" onClick={() => onTarget({ kind: 'edit', message })}>
          {t('common.edit')}
        </Button>
      )}
      {(mine || can('chat.moderate')) && (
        <Button
          variant="ghost"
          onClick={() => {
            if (window.confirm(t('chat.delete_confirm'))) onDelete();
          }}
        >
          {t('common.delete')}
        </Button>
      )}
      {menuOpen && (
        <div className="chat-reaction-menu" role="menu">
          {QUICK_REACTIONS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              role="menuitem"
              aria-label={t('chat.react_with', { emoji })}
              onClick={() => {
                onMenu(false);
                onReact(emoji);
              }}
            >
              {emoji}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
