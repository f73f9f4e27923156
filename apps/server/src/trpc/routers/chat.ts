import {
  chatAttachmentInput,
  chatInput,
  chatListInput,
  chatMessageInput,
  chatMessagesInput,
  chatOfNodeInput,
  chatReactionInput,
  chatSettingsInput,
  chatSettingsUpdateInput,
  createChatMessageInput,
  directChatInput,
  updateChatMessageInput,
} from '@takt/contracts';
import * as chat from '../../domains/chat';
import { router, spaceMutation, spaceQuery } from '../trpc';

chat.registerChatTopics();

/**
 * Chat (API chat/…): chats of EPS nodes and direct chats, messages with files, replies, mentions and
 * reactions, read receipts and each member's settings. Reading needs chat.read, writing chat.write,
 * deleting another's message chat.moderate (checked in the domain).
 */
export const chatRouter = router({
  list: spaceQuery('chat.read', chatListInput, chat.listChats),
  settings: spaceQuery('chat.read', chatSettingsInput, chat.chatSettings),
  setSettings: spaceMutation('chat.read', chatSettingsUpdateInput, chat.setChatSettings),
  ofNode: spaceMutation('chat.read', chatOfNodeInput, chat.chatOfNode),
  direct: spaceMutation('chat.write', directChatInput, chat.directChat),
  messages: spaceQuery('chat.read', chatMessagesInput, chat.chatMessages),
  message: spaceQuery('chat.read', chatMessageInput, chat.chatMessage),
  users: spaceQuery('chat.read', chatInput, chat.chatUsers),
  // Files come over REST as multipart (rest/table.ts bounds each file at CHAT_LIMITS.attachmentMaxBytes).
  createMessage: spaceMutation('chat.write', createChatMessageInput, chat.createChatMessage),
  updateMessage: spaceMutation('chat.write', updateChatMessageInput, chat.updateChatMessage),
  deleteMessage: spaceMutation('chat.write', chatMessageInput, chat.deleteChatMessage),
  react: spaceMutation('chat.write', chatReactionInput, chat.reactToChatMessage),
  markRead: spaceMutation('chat.read', chatMessageInput, chat.markChatRead),
  attachment: spaceQuery('chat.read', chatAttachmentInput, chat.chatAttachment),
});
