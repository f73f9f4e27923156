import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvents } from '../../lib/live';
import { trpc } from '../../lib/trpc';
import { type ChatMessage, upsertMessage } from './chat-api';

/**
 * One chat's messages: the newest page, older pages on demand and the chat's live changes (new, edited,
 * deleted messages, reactions, read receipts). `stickToEnd` tells the list to stay at its end: it is
 * cleared when the user goes back in history.
 */
export function useChatHistory(spaceId: string, chatId: string) {
  const utils = trpc.useUtils();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [older, setOlder] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const stickToEnd = useRef(true);

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

  /** A message the user sent or edited: shown at once, and the list goes to its end. */
  const addOwn = (message: ChatMessage | null) => {
    stickToEnd.current = true;
    if (message) setMessages((list) => upsertMessage(list, message));
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

  return { messages, older, loading, loadOlder, addOwn, patchUser, stickToEnd };
}

/**
 * Marks the newest message read while the page is in view (and the user has not read it yet): the
 * others see the receipt, the chat's unread count goes.
 */
export function useMarkRead({
  spaceId,
  chatId,
  newest,
  myId,
  myRead,
  patchUser,
}: {
  spaceId: string;
  chatId: string;
  newest: ChatMessage | undefined;
  myId: string | undefined;
  myRead: number;
  patchUser: (userId: string, seq: number) => void;
}) {
  const utils = trpc.useUtils();
  const markRead = trpc.chat.markRead.useMutation();
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
}
