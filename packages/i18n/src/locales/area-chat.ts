import { area } from './area';

/** Messages of the chat: chats of EPS nodes and direct chats, messages, notifications (English, Russian). */
export const chatMessages = area(
  {
    'ability.chat.read': 'Read chats',
    'ability.chat.write': 'Write in chats',
    'ability.chat.moderate': 'Moderate chats',
    'validation.chat_message_empty': 'Write a message or attach a file',
  },
  {
    'ability.chat.read': 'Чтение чатов',
    'ability.chat.write': 'Сообщения в чатах',
    'ability.chat.moderate': 'Модерация чатов',
    'validation.chat_message_empty': 'Напишите сообщение или приложите файл',
  },
);
