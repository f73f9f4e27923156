import { CHAT_LIMITS } from '@takt/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Empty, Spinner, Switch } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { ChatMessageItem, type ChatUser } from './ChatMessageItem';
import { Composer, type ComposerTarget } from './Composer';
import type { ChatMessage, ChatSummary } from './chat-api';
import { useChatHistory, useMarkRead } from './useChatHistory';

/** One chat: its history paged back, live changes, the composer, read receipts and the member's settings. */
export function Conversation({ chatId, summary }: { chatId: string; summary: ChatSummary | null }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const me = trpc.users.whoAmI.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const users = trpc.chat.users.useQuery({ spaceId, chatId });
  const { messages, older, loading, loadOlder, addOwn, patchUser, stickToEnd } = useChatHistory(
    spaceId,
    chatId,
  );
  const [query, setQuery] = useState('');
  const [target, setTarget] = useState<ComposerTarget>(null);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const react = trpc.chat.react.useMutation();
  const remove = trpc.chat.deleteMessage.useMutation();
  const setSettings = trpc.chat.setSettings.useMutation();
  const search = trpc.chat.messages.useQuery(
    { spaceId, chatId, query: query.trim() },
    { enabled: query.trim().length > 0 },
  );

  // The newest message read while the page is in view: the others see the receipt, the unread count goes.
  const myId = me.data?.id;
  const myRead = users.data?.find((u) => u.id === myId)?.lastReadSeq ?? summary?.lastReadSeq ?? 0;
  useMarkRead({ spaceId, chatId, newest: messages.at(-1), myId, myRead, patchUser });

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
          shown.map((message) => (
            <ChatMessageItem
              key={message.id}
              message={message}
              myId={myId}
              author={message.authorId ? byId.get(message.authorId) : undefined}
              readBy={
                message.authorId === myId ? readers.filter((u) => (u.lastReadSeq ?? 0) >= message.seq) : []
              }
              logins={logins}
              nameOf={nameOf}
              menuOpen={menuFor === message.id}
              onMenu={(open) => setMenuFor(open ? message.id : null)}
              onTarget={setTarget}
              onReact={(emoji) => react.mutate({ spaceId, chatId, messageId: message.id, emoji })}
              onDelete={() => remove.mutate({ spaceId, chatId, messageId: message.id })}
            />
          ))
        )}
      </ol>
      {can('chat.write') ? (
        <Composer
          chatId={chatId}
          candidates={(users.data ?? []).filter((u) => u.id !== myId)}
          target={target}
          onDone={(message) => {
            setTarget(null);
            addOwn(message);
          }}
          nameOf={nameOf}
        />
      ) : (
        <p className="chat-readonly">{t('chat.read_only')}</p>
      )}
    </div>
  );
}
