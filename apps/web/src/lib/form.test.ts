import { createSpaceInput, registerInput } from '@takt/contracts';
import { describe, expect, it } from 'vitest';
import { avatarFileProblem } from '../screens/profile/avatar-upload';
import { serverFieldErrors, zodFieldErrors } from './form';

describe('form errors', () => {
  it('turn contract validation into message ids with parameters, per field', () => {
    const result = createSpaceInput.safeParse({ name: 'x'.repeat(40) });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(zodFieldErrors(result.error)).toEqual({
        name: { message: 'validation.max_length', params: { max: 32 } },
      });
    }
  });

  it('keep the first problem of each field', () => {
    const result = registerInput.safeParse({
      login: '',
      email: 'nope',
      password: 'short',
      confirmPassword: 'short',
      firstName: 'A<b>',
      lastName: 'B',
      secretQuestion: 'Q',
      answer: 'A',
      privacyPolicyAccepted: false,
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      const errors = zodFieldErrors(result.error);
      expect(errors.login?.message).toBe('validation.required');
      expect(errors.email?.message).toBe('validation.invalid_email');
      expect(errors.password).toEqual({ message: 'validation.password_too_short', params: { min: 8 } });
      expect(errors.firstName?.message).toBe('validation.prohibited_characters');
      expect(errors.privacyPolicyAccepted?.message).toBe('validation.privacy_policy_required');
    }
  });

  it('place server issues next to the field named by the first path segment', () => {
    expect(
      serverFieldErrors([
        { path: 'ipAllowlist.2', message: 'validation.invalid_ip' },
        { path: 'ipAllowlist.3', message: 'validation.invalid_ip' },
        { path: 'name', message: 'validation.max_length', params: { max: 32 } },
      ]),
    ).toEqual({
      ipAllowlist: { message: 'validation.invalid_ip', params: undefined },
      name: { message: 'validation.max_length', params: { max: 32 } },
    });
  });
});

describe('avatar files', () => {
  it('are checked for type and size before upload', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/webp', size: 2 * 1024 * 1024 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 })).toBe('size');
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
  });
});
