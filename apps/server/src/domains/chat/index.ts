// What the chat domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").

export { chatFileKeysUnder } from './access';
export {
  chatAttachment,
  chatMessage,
  chatMessages,
  chatOfNode,
  chatSettings,
  chatUsers,
  createChatMessage,
  deleteChatMessage,
  directChat,
  listChats,
  markChatRead,
  reactToChatMessage,
  setChatSettings,
  updateChatMessage,
} from './service';
export { registerChatTopics } from './topics';
