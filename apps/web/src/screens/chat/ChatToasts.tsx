import { CHAT_LIMITS } from '@takt/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Avatar } from '../../components/avatar';
import { Icon } from '../../components/icons';
import { CrossButton } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { useT } from '../../lib/i18n';
import { useLiveEvents } from '../../lib/live';
import { trpc } from '../../lib/trpc';
import { type ChatMessage, toastText } from './chat-api';
import './chat.css';

type ChatUsers = RouterOutputs['chat']['users'];

/** What one toast says; toasts are grouped by chat and tag (a mention, or any other message). */
interface Toast {
  key: string;
  chatId: string;
  tag: 'message' | 'mention';
  title: string;
  text: string;
  count: number;
  author: { id: string; login: string; firstName: string; lastName: string; hasAvatar: boolean } | null;
}

/**
 * The chat's notifications (bottom-left, CHAT_LIMITS.notificationMs each): a message of another member in
 * a chat the user is in, unless it is the chat on screen, the chat is muted or its notifications are off
 * (a mention still shows in a muted chat). Toasts of one chat and tag are one toast with a count, the
 * newest message in it. The author's avatar, or a mail icon when there is none.
 */
export function ChatToasts() {
  const t = useT();
  const { spaceId, can } = useSpace();
  const [location, navigate] = useLocation();
  const utils = trpc.useUtils();
  const me = trpc.users.whoAmI.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const readable = can('chat.read');
  const settings = trpc.chat.settings.useQuery({ spaceId }, { enabled: readable });
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<string, number>());

  useEffect(() => {
    const current = timers.current;
    return () => {
      for (const timer of current.values()) window.clearTimeout(timer);
    };
  }, []);

  const dismiss = (key: string) => {
    window.clearTimeout(timers.current.get(key));
    timers.current.delete(key);
    setToasts((list) => list.filter((x) => x.key !== key));
  };

  const show = (toast: Omit<Toast, 'count'>) => {
    setToasts((list) => {
      const same = list.find((x) => x.key === toast.key);
      const rest = list.filter((x) => x.key !== toast.key);
      return [...rest, { ...toast, count: (same?.count ?? 0) + 1 }];
    });
    window.clearTimeout(timers.current.get(toast.key));
    timers.current.set(
      toast.key,
      window.setTimeout(() => dismiss(toast.key), CHAT_LIMITS.notificationMs),
    );
  };

  useLiveEvents(
    (event) =>
      event.kind === 'member.joined' || (event.kind === 'message.created' && event.topic.startsWith('chat:')),
    (event) => {
      if (event.kind === 'member.joined') {
        void utils.chat.settings.invalidate();
        return;
      }
      const message = event.data as ChatMessage;
      const myId = me.data?.id;
      if (!myId || !readable || message.authorId === myId) return;
      const setting = settings.data?.find((s) => s.chatId === message.chatId);
      const tag = message.mentions.includes(myId) ? 'mention' : 'message';
      if (!setting?.notifications || (setting.muted && tag !== 'mention')) return;
      if (location === `/chat/${message.chatId}` && document.visibilityState === 'visible') return;
      // Shown at once from what the page holds; the author's name and picture are read when not held yet.
      const key = `${message.chatId}:${tag}`;
      const compose = (users: ChatUsers | undefined) => {
        const author = users?.find((u) => u.id === message.authorId) ?? null;
        const chat = utils.chat.list
          .getData({ spaceId, filter: 'all' })
          ?.find((c) => c.id === message.chatId);
        const name = author ? `${author.firstName} ${author.lastName}`.trim() || author.login : '';
        return {
          key,
          chatId: message.chatId,
          tag,
          // Until the author is known, the chat's name alone.
          title: !name
            ? (chat?.title ?? '')
            : tag === 'mention'
              ? t('chat.toast.mention', { name, chat: chat?.title ?? '' })
              : chat?.kind === 'direct'
                ? name
                : t('chat.toast.message', { name, chat: chat?.title ?? '' }),
          text: message.text
            ? toastText(message.text)
            : t('chat.files', { count: message.attachments.length }),
          author,
        } satisfies Omit<Toast, 'count'>;
      };
      const held = utils.chat.users.getData({ spaceId, chatId: message.chatId });
      show(compose(held));
      if (held?.some((u) => u.id === message.authorId)) return;
      utils.chat.users
        .fetch({ spaceId, chatId: message.chatId })
        .then((users) => {
          const known = compose(users);
          setToasts((list) => list.map((x) => (x.key === key ? { ...known, count: x.count } : x)));
        })
        .catch(() => {
          // The chat could not be read (left meanwhile): the toast stays as it is.
        });
    },
  );

  if (toasts.length === 0) return null;
  return (
    <section className="chat-toasts" aria-label={t('chat.toasts')} aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.key} className="chat-toast" role="status" data-testid="chat-toast">
          <button
            type="button"
            className="chat-toast-body"
            onClick={() => {
              dismiss(toast.key);
              navigate(`/chat/${toast.chatId}`);
            }}
          >
            {toast.author?.hasAvatar ? (
              <Avatar user={toast.author} size={36} />
            ) : (
              <span className="chat-toast-mail" aria-hidden="true">
                <Icon name="mail" />
              </span>
            )}
            <span className="chat-toast-text">
              <strong>
                {toast.title}
                {toast.count > 1 && <span className="chat-toast-count"> ({toast.count})</span>}
              </strong>
              <span>{toast.text}</span>
            </span>
          </button>
          <CrossButton label={t('common.dismiss')} onClick={() => dismiss(toast.key)} />
        </div>
      ))}
    </section>
  );
}
