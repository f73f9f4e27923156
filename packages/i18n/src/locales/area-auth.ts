import { area } from './area';

/** Messages of the sign-in area (English, Russian): password strength and the throttles' waits. */
export const authMessages = area(
  {
    'validation.password_weak':
      'The password is too easy to guess. Use a longer phrase of several unrelated words, digits or signs',
    'validation.password_like_personal': 'The password must not repeat the login, email or name',
  },
  {
    'validation.password_weak':
      'Пароль слишком легко подобрать. Используйте более длинную фразу из нескольких не связанных слов, цифр или знаков',
    'validation.password_like_personal': 'Пароль не должен повторять логин, адрес электронной почты или имя',
  },
);
