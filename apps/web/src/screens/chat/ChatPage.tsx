import type { ChatFilter } from '@takt/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Avatar } from '../../components/avatar';
import { Icon } from '../../components/icons';
import { Badge, Button, Empty, PageHeader, SelectField, Spinner, Tabs } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { isUuid } from '../../lib/ids';
import { trpc } from '../../lib/trpc';
import { Conversation } from './Conversation';
import type { ChatSummary } from './chat-api';
import './chat.css';

/**
 * Chats of the space (docs/product-rules.md, "Chat"): the caller's chats with their unread counts — all
 * or only the unread —, and the open chat's conversation. `/chat?node=<id>` opens the chat of an EPS node
 * (the structure's "Chat" button), made at its first opening.
 */
export function ChatPage({ params }: { params: { chatId?: string } }) {
  const t = useT();
  const { spaceId } = useSpace();
  const [, navigate] = useLocation();
  const nodeId = new URLSearchParams(useSearch()).get('node');
  const [filter, setFilter] = useState<ChatFilter>('all');
  const utils = trpc.useUtils();
  const list = trpc.chat.list.useQuery({ spaceId, filter });
  const ofNode = trpc.chat.ofNode.useMutation();
  const chatId = params.chatId && isUuid(params.chatId) ? params.chatId : null;

  // A node's chat: opened (made at its first opening), then shown under its own address.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!nodeId || !isUuid(nodeId) || opened.current === nodeId) return;
    opened.current = nodeId;
    ofNode.mutate(
      { spaceId, nodeId },
      {
        onSuccess: (chat) => {
          void utils.chat.list.invalidate();
          navigate(`/chat/${chat.id}`, { replace: true });
        },
      },
    );
  }, [nodeId, spaceId, ofNode, utils, navigate]);

  // Unread counts follow every message and read receipt of the user's chats, and a chat the user joins
  // appears: the navigation's badge (ChatNavBadge, always on screen) counts an arriving message into the
  // list at once and has the lists read again.

  const chats = list.data ?? [];
  const current = chats.find((c) => c.id === chatId) ?? null;
  return (
    <div className="page chat-page" data-testid="chat-page">
      <PageHeader title={t('screen.chat')} subtitle={t('chat.subtitle')} actions={<NewDirectChat />} />
      <div className="chat-layout">
        <section className="chat-list-pane" aria-label={t('chat.list')}>
          <Tabs
            label={t('chat.filter')}
            active={filter}
            onChange={setFilter}
            tabs={[
              { key: 'all', label: t('chat.filter.all') },
              { key: 'unread', label: t('chat.filter.unread') },
            ]}
          />
          {list.isLoading ? (
            <Spinner />
          ) : chats.length === 0 ? (
            <Empty>{filter === 'unread' ? t('chat.no_unread') : t('chat.no_chats')}</Empty>
          ) : (
            <ul className="chat-list" data-testid="chat-list">
              {chats.map((chat) => (
                <ChatListItem key={chat.id} chat={chat} active={chat.id === chatId} />
              ))}
            </ul>
          )}
        </section>
        <section className="chat-conversation-pane" aria-label={t('chat.conversation')}>
          {chatId ? (
            <Conversation key={chatId} chatId={chatId} summary={current} />
          ) : ofNode.isPending ? (
            <Spinner />
          ) : (
            <Empty>{t('chat.pick')}</Empty>
          )}
        </section>
      </div>
    </div>
  );
}

function ChatListItem({ chat, active }: { chat: ChatSummary; active: boolean }) {
  const t = useT();
  const last = chat.lastMessage;
  const preview = last ? last.text || t('chat.files', { count: last.attachments }) : t('chat.no_messages');
  return (
    <li>
      <Link
        href={`/chat/${chat.id}`}
        className={`chat-list-item${active ? ' chat-list-item-active' : ''}`}
        aria-current={active ? 'page' : undefined}
        data-testid="chat-list-item"
        data-chat-id={chat.id}
      >
        <span className="chat-list-icon" aria-hidden="true">
          {chat.kind === 'direct' && chat.peerId ? (
            <Avatar
              user={{
                id: chat.peerId,
                login: chat.title,
                firstName: chat.title,
                lastName: '',
                hasAvatar: chat.peerHasAvatar,
              }}
              size={32}
            />
          ) : (
            <Icon
              name={chat.nodeKind === 'schedule' ? 'gantt' : chat.nodeKind === 'project' ? 'book' : 'home'}
            />
          )}
        </span>
        <span className="chat-list-text">
          <span className="chat-list-title">
            {chat.title}
            {chat.kind === 'node' && chat.nodeKind && (
              <span className="chat-list-kind">{t(`chat.node.${chat.nodeKind}`)}</span>
            )}
          </span>
          <span className="chat-list-preview">{preview}</span>
        </span>
        {chat.muted && (
          <span className="chat-muted" title={t('chat.muted')}>
            🔕
          </span>
        )}
        {chat.unread > 0 && (
          <Badge tone="accent">
            <span data-testid="chat-unread" title={t('chat.unread_count', { count: chat.unread })}>
              {chat.unread}
            </span>
          </Badge>
        )}
      </Link>
    </li>
  );
}

/** Starts (or opens) a direct chat with another member of the space: shown to those who may list members. */
function NewDirectChat() {
  const t = useT();
  const { spaceId, can } = useSpace();
  const [, navigate] = useLocation();
  const [picking, setPicking] = useState(false);
  const me = trpc.users.whoAmI.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const members = trpc.space.users.useQuery({ spaceId }, { enabled: picking && can('users.view') });
  const direct = trpc.chat.direct.useMutation();
  const utils = trpc.useUtils();
  if (!can('chat.write') || !can('users.view')) return null;
  if (!picking)
    return (
      <Button onClick={() => setPicking(true)} data-testid="chat-new-direct">
        + {t('chat.new_direct')}
      </Button>
    );
  const others = (members.data ?? []).filter((m) => m.userId !== me.data?.id);
  return (
    <div className="chat-direct-picker">
      <SelectField
        label={t('chat.direct_with')}
        value=""
        onChange={(userId) => {
          if (!userId) return;
          direct.mutate(
            { spaceId, userId },
            {
              onSuccess: (chat) => {
                setPicking(false);
                void utils.chat.list.invalidate();
                navigate(`/chat/${chat.id}`);
              },
            },
          );
        }}
        options={[
          { value: '', label: '—' },
          ...others.map((m) => ({ value: m.userId, label: `${m.firstName} ${m.lastName} (${m.login})` })),
        ]}
      />
      <Button variant="ghost" onClick={() => setPicking(false)}>
        {t('common.cancel')}
      </Button>
    </div>
  );
}
