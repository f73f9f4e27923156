import { CHAT_LIMITS } from '@takt/contracts';
import { formatDateTime, formatNumber, type Language } from '@takt/i18n';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Avatar } from '../../components/avatar';
import { Icon, IconButton } from '../../components/icons';
import { Button, Empty, Spinner, Switch } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { fetchFile, saveBlob } from '../../lib/download';
import { appI18n, useT } from '../../lib/i18n';
import { useLiveEvents } from '../../lib/live';
import { trpc } from '../../lib/trpc';
import { Composer, type ComposerTarget } from './Composer';
import {
  attachmentPath,
  type ChatMessage,
  type ChatSummary,
  QUICK_REACTIONS,
  upsertMessage,
} from './chat-api';
import { textParts } from './mentions';

type ChatUser = RouterOutputs['chat']['users'][number];

/** One chat: its history paged back, live changes, the composer, read receipts and the member's settings. */
export function Conversation({ chatId, summary }: { chatId: string; summary: ChatSummary | null }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const me = trpc.users.whoAmI.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const users = trpc.chat.users.useQuery({ spaceId, chatId });
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [older, setOlder] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [query, setQuery] = useState('');
  const [target, setTarget] = useState<ComposerTarget>(null);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const stickToEnd = useRef(true);
  const react = trpc.chat.react.useMutation();
  const remove = trpc.chat.deleteMessage.useMutation();
  const markRead = trpc.chat.markRead.useMutation();
  const setSettings = trpc.chat.setSettings.useMutation();
  const search = trpc.chat.messages.useQuery(
    { spaceId, chatId, query: query.trim() },
    { enabled: query.trim().length > 0 },
  );

  useEffect(() => {
    let live = true;
    setLoading(true);
    utils.chat.messages
      .fetch({ spaceId, chatId })
      .then((page) => {
        if (!live) return;
        setMessages(page.messages as ChatMessage[]);
        setOlder(page.nextBefore);
      })
      .catch(() => {
        // The failure is shown by the app's error handling; the conversation stays empty.
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [spaceId, chatId, utils]);

  const loadOlder = async () => {
    if (!older) return;
    stickToEnd.current = false;
    const page = await utils.chat.messages.fetch({ spaceId, chatId, before: older });
    setMessages((list) => (page.messages as ChatMessage[]).reduce(upsertMessage, list));
    setOlder(page.nextBefore);
  };

  const patchUser = useCallback(
    (userId: string, seq: number) =>
      utils.chat.users.setData({ spaceId, chatId }, (list) =>
        list?.map((u) =>
          u.id === userId ? { ...u, member: true, lastReadSeq: Math.max(seq, u.lastReadSeq ?? 0) } : u,
        ),
      ),
    [utils, spaceId, chatId],
  );

  useLiveEvents({ topic: `chat:${chatId}` }, (event) => {
    const data = event.data as Record<string, unknown>;
    if (event.kind === 'message.created' || event.kind === 'message.updated') {
      const message = data as unknown as ChatMessage;
      setMessages((list) => upsertMessage(list, message));
      if (event.kind === 'message.created' && message.authorId) patchUser(message.authorId, message.seq);
    } else if (event.kind === 'message.deleted') {
      setMessages((list) =>
        list.map((m) =>
          m.id === data.messageId
            ? { ...m, deleted: true, text: '', attachments: [], reactions: [], mentions: [] }
            : m,
        ),
      );
    } else if (event.kind === 'message.reactions') {
      const reactions = data.reactions as ChatMessage['reactions'];
      setMessages((list) => list.map((m) => (m.id === data.messageId ? { ...m, reactions } : m)));
    } else if (event.kind === 'member.read') {
      patchUser(data.userId as string, data.seq as number);
    }
  });

  // The newest message read while the page is in view: the others see the receipt, the unread count goes.
  const newest = messages.at(-1);
  const myId = me.data?.id;
  const myRead = users.data?.find((u) => u.id === myId)?.lastReadSeq ?? summary?.lastReadSeq ?? 0;
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  const sentRead = useRef(0);
  useEffect(() => {
    if (!newest || !visible || newest.seq <= myRead || newest.seq <= sentRead.current || !myId) return;
    sentRead.current = newest.seq;
    markRead.mutate(
      { spaceId, chatId, messageId: newest.id },
      {
        onSuccess: () => {
          patchUser(myId, newest.seq);
          void utils.chat.list.invalidate();
        },
      },
    );
  }, [newest, visible, myRead, myId, spaceId, chatId, markRead, patchUser, utils]);

  // New messages keep the view at the end, unless the user went back in history.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the messages change
  useEffect(() => {
    const list = listRef.current;
    if (list && stickToEnd.current) list.scrollTop = list.scrollHeight;
  }, [messages]);

  const byId = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u as ChatUser])), [users.data]);
  const logins = useMemo(() => new Set((users.data ?? []).map((u) => u.login)), [users.data]);
  const readers = (users.data ?? []).filter((u) => u.member && u.id !== myId);
  const nameOf = (id: string | null) => {
    const user = id ? byId.get(id) : undefined;
    return user ? `${user.firstName} ${user.lastName}`.trim() || user.login : t('chat.someone');
  };

  const settings = summary ?? null;
  const shown = query.trim() ? ((search.data?.messages ?? []) as ChatMessage[]) : messages;
  return (
    <div className="chat-conversation" data-testid="chat-conversation">
      <header className="chat-conversation-header">
        <h2 className="chat-conversation-title">{summary?.title ?? ''}</h2>
        <input
          className="input chat-search"
          type="search"
          placeholder={t('chat.search')}
          aria-label={t('chat.search')}
          value={query}
          maxLength={CHAT_LIMITS.queryMaxLength}
          onChange={(e) => setQuery(e.target.value)}
        />
        {settings && (
          <div className="chat-settings">
            <Switch
              label={t('chat.notifications')}
              checked={settings.notifications && !settings.muted}
              onChange={(on) =>
                setSettings.mutate(
                  { spaceId, chatId, notifications: on, muted: on ? false : settings.muted },
                  { onSuccess: () => void utils.chat.list.invalidate() },
                )
              }
            />
          </div>
        )}
      </header>
      <ol
        className="chat-messages"
        ref={listRef}
        data-testid="chat-messages"
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {!query.trim() && older && (
          <li className="chat-older">
            <Button variant="ghost" onClick={() => void loadOlder()}>
              {t('chat.older')}
            </Button>
          </li>
        )}
        {loading || (query.trim() && search.isLoading) ? (
          <li>
            <Spinner />
          </li>
        ) : shown.length === 0 ? (
          <li>
            <Empty>{query.trim() ? t('chat.nothing_found') : t('chat.no_messages')}</Empty>
          </li>
        ) : (
          shown.map((message) => {
            const mine = message.authorId === myId;
            const author = message.authorId ? byId.get(message.authorId) : undefined;
            const readBy = mine ? readers.filter((u) => (u.lastReadSeq ?? 0) >= message.seq) : [];
            return (
              <li
                key={message.id}
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
                    {message.edited && !message.deleted && (
                      <span className="chat-edited">{t('chat.edited')}</span>
                    )}
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
                          <button
                            type="button"
                            className="chat-file"
                            onClick={async () => {
                              const got = await fetchFile(attachmentPath(spaceId, chatId, file.id), {});
                              if (got) saveBlob(got.blob, file.name);
                            }}
                          >
                            <Icon name="paperclip" size={14} />
                            {file.name}
                            <span className="chat-file-size">{formatSize(t, file.size)}</span>
                          </button>
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
                          onClick={() =>
                            react.mutate({ spaceId, chatId, messageId: message.id, emoji: r.emoji })
                          }
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
                {!message.deleted && can('chat.write') && (
                  <div className="chat-actions">
                    <IconButton
                      icon="sparkle"
                      label={t('chat.react')}
                      onClick={() => setMenuFor(menuFor === message.id ? null : message.id)}
                    />
                    <Button variant="ghost" onClick={() => setTarget({ kind: 'reply', message })}>
                      {t('chat.reply')}
                    </Button>
                    {mine && (
                      <Button variant="ghost" onClick={() => setTarget({ kind: 'edit', message })}>
                        {t('common.edit')}
                      </Button>
                    )}
                    {(mine || can('chat.moderate')) && (
                      <Button
                        variant="ghost"
                        onClick={() => {
                          if (window.confirm(t('chat.delete_confirm')))
                            remove.mutate({ spaceId, chatId, messageId: message.id });
                        }}
                      >
                        {t('common.delete')}
                      </Button>
                    )}
                    {menuFor === message.id && (
                      <div className="chat-reaction-menu" role="menu">
                        {QUICK_REACTIONS.map((emoji) => (
                          <button
                            key={emoji}
                            type="button"
                            role="menuitem"
                            aria-label={t('chat.react_with', { emoji })}
                            onClick={() => {
                              setMenuFor(null);
                              react.mutate({ spaceId, chatId, messageId: message.id, emoji });
                            }}
                          >
                            {emoji}
                          </button>
                        ))}
                      </div>
                    )}
                  </div>
                )}
              </li>
            );
          })
        )}
      </ol>
      {can('chat.write') ? (
        <Composer
          chatId={chatId}
          candidates={(users.data ?? []).filter((u) => u.id !== myId)}
          target={target}
          onDone={(message) => {
            setTarget(null);
            stickToEnd.current = true;
            if (message) setMessages((list) => upsertMessage(list, message));
          }}
          nameOf={nameOf}
        />
      ) : (
        <p className="chat-readonly">{t('chat.read_only')}</p>
      )}
    </div>
  );
}

function formatSize(t: ReturnType<typeof useT>, bytes: number): string {
  if (bytes < 1024) return t('chat.size.bytes', { n: bytes });
  if (bytes < 1024 * 1024) return t('chat.size.kb', { n: Math.round(bytes / 1024) });
  return t('chat.size.mb', { n: formatNumber(bytes / (1024 * 1024), appI18n.locale as Language, 1) });
}
