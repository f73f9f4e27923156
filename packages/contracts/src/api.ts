import { z } from 'zod';
import { ABILITIES } from './abilities';
import { LANGUAGES, LIMITS } from './constants';
import { VALIDATION } from './messages';
import { email, optionalText, password, requiredText } from './validation';

/** Ids travel as strings (UUIDs) in URLs and bodies. */
export const id = z.string().uuid({ message: VALIDATION.required });
export const spaceInput = z.object({ spaceId: id });

export const language = z.enum(LANGUAGES);
export const theme = z.enum(['light', 'dark']);
export const ability = z.enum(ABILITIES);

/**
 * Object-level checks normally wait until every field is valid; the password match is shown at once,
 * as soon as both passwords are strings, whatever else the form still lacks.
 */
function bothPasswordsTyped(field: string) {
  return (payload: { value: unknown }) => {
    const value = payload.value as Record<string, unknown> | undefined;
    return typeof value?.[field] === 'string' && typeof value?.confirmPassword === 'string';
  };
}

// ── auth ──────────────────────────────────────────────────────────────────────────────────────
/** A login as typed at sign-in or restore: never longer than a login can be. */
const typedLogin = z
  .string()
  .trim()
  .min(1, { message: VALIDATION.required })
  .max(LIMITS.textMaxLength, { message: VALIDATION.maxLength });
/** A password as typed to prove who one is: bounded, so that hashing it stays cheap. */
const typedPassword = z
  .string()
  .min(1, { message: VALIDATION.required })
  .max(LIMITS.passwordMaxLength, { message: VALIDATION.passwordTooLong });

export const loginInput = z.object({
  login: typedLogin,
  password: typedPassword,
  rememberLogin: z.boolean().optional(),
  /** The language the sign-in page was shown in: it becomes the account's language (docs/product-rules.md). */
  language: language.optional(),
});
export const logoutInput = z.object({ everywhere: z.boolean().optional() }).optional();

// ── users ─────────────────────────────────────────────────────────────────────────────────────
export const registerInput = z
  .object({
    login: requiredText,
    email,
    password,
    confirmPassword: z.string(),
    firstName: requiredText,
    lastName: requiredText,
    secretQuestion: requiredText,
    answer: requiredText,
    privacyPolicyAccepted: z.literal(true, { message: VALIDATION.privacyPolicyRequired }),
    /** The language the registration page was shown in; without it, the request's language. */
    language: language.optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: VALIDATION.passwordMismatch,
    when: bothPasswordsTyped('password'),
  });

export const updateProfileInput = z.object({
  email: email.optional(),
  firstName: requiredText.optional(),
  lastName: requiredText.optional(),
  secretQuestion: requiredText.optional(),
  answer: requiredText.optional(),
  language: language.optional(),
  theme: theme.optional(),
});

export const changePasswordInput = z
  .object({
    password: typedPassword,
    newPassword: password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: VALIDATION.passwordsNotSimilar,
    when: bothPasswordsTyped('newPassword'),
  });

export const resetPasswordRequestInput = z.object({ login: typedLogin });
export const resetPasswordInput = z.object({
  login: typedLogin,
  answer: z
    .string()
    .trim()
    .min(1, { message: VALIDATION.required })
    .max(LIMITS.textMaxLength, { message: VALIDATION.maxLength }),
});
export const changeForgottenPasswordInput = z
  .object({ resetToken: z.string().min(1).max(256), newPassword: password, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: VALIDATION.passwordsNotSimilar,
    when: bothPasswordsTyped('newPassword'),
  });

export const setExecutorInput = z.object({ userId: id, executor: z.boolean() });

export const userOutput = z.object({
  id,
  login: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  secretQuestion: z.string().nullable(),
  executor: z.boolean(),
  privacyPolicyAcceptedAt: z.string().nullable(),
  language: language.nullable(),
  theme: theme,
  hasAvatar: z.boolean(),
});
export type UserDto = z.infer<typeof userOutput>;

// ── spaces ────────────────────────────────────────────────────────────────────────────────────
export const spaceKind = z.enum(['free', 'demo', 'licensed']);
export const createSpaceInput = z.object({ name: requiredText });
export const renameSpaceInput = z.object({ spaceId: id, name: requiredText });

export const spaceSettingsShape = z.object({
  idleTimeoutMinutes: z
    .number()
    .int()
    .min(1, { message: VALIDATION.outOfRange })
    .max(24 * 60, { message: VALIDATION.outOfRange }),
  ipAllowlist: z.array(z.string().trim().min(1)).max(200),
  editingPeriodDays: z
    .number()
    .int()
    .min(0, { message: VALIDATION.outOfRange })
    .max(3650, { message: VALIDATION.outOfRange }),
});
export type SpaceSettings = z.infer<typeof spaceSettingsShape>;
export const updateSpaceSettingsInput = spaceSettingsShape
  .partial()
  .extend({ spaceId: id, revision: z.number().int() });

export const inviteInput = z.object({
  spaceId: id,
  login: z.string().trim().min(1, { message: VALIDATION.required }),
  roleId: id,
});
export const kickoutInput = z.object({ spaceId: id, userId: id });
export const changeMemberRoleInput = z.object({ spaceId: id, userId: id, roleId: id });

export const roleInput = z.object({
  spaceId: id,
  name: requiredText,
  abilities: z.array(ability).max(ABILITIES.length),
});
export const updateRoleInput = roleInput.extend({ roleId: id, revision: z.number().int() });
export const deleteRoleInput = z.object({ spaceId: id, roleId: id });

export const delegationInput = z.object({
  spaceId: id,
  toUserId: id,
  abilities: z.array(ability).min(1, { message: VALIDATION.required }),
  validUntil: z.string().datetime({ offset: true }).nullable().optional(),
  comment: optionalText.optional(),
});
export const deleteDelegationInput = z.object({ spaceId: id, delegationId: id });

export const avatarUpload = z.object({
  file: z.object({
    name: z.string(),
    type: z.string(),
    data: z.instanceof(Uint8Array),
  }),
});

export const clientErrorInput = z.object({
  message: z.string().max(4000),
  stack: z.string().max(20000).optional(),
  url: z.string().max(2000).optional(),
  userAgent: z.string().max(1000).optional(),
});

export const idleTimeoutBounds = { min: 1, max: 24 * 60, default: LIMITS.defaultIdleTimeoutMinutes } as const;
