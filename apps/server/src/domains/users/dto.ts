import type { UserDto } from '@takt/contracts';
import type { User } from '@takt/db';

export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    login: user.login,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    secretQuestion: user.secretQuestion,
    executor: user.executor,
    privacyPolicyAcceptedAt: user.privacyPolicyAcceptedAt?.toISOString() ?? null,
    language:
      user.language === 'ru' || user.language === 'en' || user.language === 'fr' ? user.language : null,
    theme: user.theme,
    hasAvatar: user.avatarKey !== null,
  };
}

export function displayName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
