import { useLocation } from 'wouter';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { useLiveEvents } from '../../lib/live';
import { trpc } from '../../lib/trpc';
import { type ChatMessage, withArrivedMessage } from './chat-api';

/**
 * The unread messages of all the user's chats, beside the navigation's "Chat" from every screen: counted
 * again when a chat hears anything (a message, a read receipt) or the user joins one.
 */
export function ChatNavBadge() {
  const t = useT();
  const { spaceId, can } = useSpace();
  const readable = can('chat.read');
  const utils = trpc.useUtils();
  const [location] = useLocation();
  const me = trpc.users.whoAmI.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  // The same list the chat screen shows: a message arriving counts at once, then the server is asked again.
  const key = { spaceId, filter: 'all' as const };
  const chats = trpc.chat.list.useQuery(key, { enabled: readable });
  useLiveEvents(
    (event) => readable && (event.topic.startsWith('chat:') || event.kind === 'member.joined'),
    (event) => {
      if (event.kind === 'message.created') {
        const open = /^\/chat\/([0-9a-f-]{36})$/.exec(location)?.[1] ?? null;
        utils.chat.list.setData(key, (list) =>
          list ? withArrivedMessage(list, event.data as ChatMessage, me.data?.id, open) : list,
        );
      }
      void utils.chat.list.invalidate();
    },
  );
  const unread = (chats.data ?? []).reduce((sum, chat) => sum + chat.unread, 0);
  if (unread === 0) return null;
  return (
    <span
      className="chat-nav-badge"
      data-testid="chat-nav-unread"
      title={t('chat.unread_count', { count: unread })}
    >
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
