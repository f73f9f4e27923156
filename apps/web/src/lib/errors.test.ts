import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { failedCall } from '../testing/failed-call';
import {
  decideErrorAction,
  describeFailure,
  isUnsuccessfulReply,
  responseFailure,
  restFailure,
} from './errors';

function serverError(
  path: string,
  status: number,
  code: string,
  message: string | string[],
  issues?: unknown,
) {
  const error = new TRPCClientError('failed', {
    result: {
      error: {
        code: -32600,
        message: 'failed',
        data: { httpStatus: status, error_code: code, error_message: message, ...(issues ? { issues } : {}) },
      },
    },
  });
  return describeFailure(error, path);
}

describe('describeFailure', () => {
  it('reads status, code, localized messages and issues from the error data', () => {
    const failure = serverError(
      'users.update',
      400,
      'ValidationError',
      ['email: Invalid email'],
      [{ path: 'email', message: 'validation.invalid_email' }],
    );
    expect(failure).toMatchObject({
      kind: 'server',
      status: 400,
      code: 'ValidationError',
      messages: ['email: Invalid email'],
      issues: [{ path: 'email', message: 'validation.invalid_email' }],
    });
  });

  it('treats a fetch TypeError as an unreachable server', () => {
    const error = TRPCClientError.from(new TypeError('Failed to fetch'));
    expect(describeFailure(error, 'system.state').kind).toBe('network');
  });

  it('recognises cancelled requests', () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    expect(describeFailure(TRPCClientError.from(abort), 'users.spaces').kind).toBe('aborted');
    expect(describeFailure(abort, null).kind).toBe('aborted');
  });

  it('reads REST error bodies the same way', () => {
    const failure = restFailure('users.avatar', 415, {
      success: false,
      error_code: 'UnsupportedFileType',
      error_message: 'This file type is not supported',
    });
    expect(failure).toMatchObject({
      status: 415,
      code: 'UnsupportedFileType',
      messages: ['This file type is not supported'],
    });
  });

  it('treats a reply with success: false as an error', () => {
    expect(isUnsuccessfulReply({ success: false })).toBe(true);
    expect(isUnsuccessfulReply({ success: true })).toBe(false);
    expect(isUnsuccessfulReply([])).toBe(false);
  });
});

describe('decideErrorAction (error catalogue)', () => {
  it('401 goes to the sign-in page', () => {
    expect(
      decideErrorAction(serverError('users.whoAmI', 401, 'Unauthorized', 'User is not authorized')),
    ).toEqual({
      type: 'login',
    });
    expect(decideErrorAction(failedCall({ status: 401, code: 'SessionExpired' }))).toEqual({ type: 'login' });
  });

  it('401 of the login call itself is reported, not redirected', () => {
    const action = decideErrorAction(
      serverError('auth.login', 401, 'InvalidCredentials', 'Invalid login or password'),
    );
    expect(action).toEqual({
      type: 'localized',
      code: 'InvalidCredentials',
      messages: ['Invalid login or password'],
    });
  });

  it('402 forgets the space and goes to the space choice', () => {
    const action = decideErrorAction(serverError('users.spaceConfig', 402, 'LicenseLimit', 'limit exceeded'));
    expect(action).toEqual({ type: 'select-space', messages: ['limit exceeded'] });
  });

  it('a 402 of the licence desk (an expired licence uploaded) is told in place', () => {
    const action = decideErrorAction(serverError('licences.upload', 402, 'LicenseExpired', 'expired'));
    expect(action).toEqual({ type: 'localized', code: 'LicenseExpired', messages: ['expired'] });
  });

  it('403 IPNotAllowed opens the error page with that message', () => {
    const action = decideErrorAction(serverError('space.users', 403, 'IPNotAllowed', 'not allowed'));
    expect(action).toEqual({ type: 'error-page', message: 'IPNotAllowed' });
  });

  it('403 Forbidden when opening a space opens the error page; elsewhere it is reported', () => {
    expect(decideErrorAction(serverError('users.spaceConfig', 403, 'Forbidden', 'no access'))).toEqual({
      type: 'error-page',
      message: 'Forbidden',
    });
    expect(decideErrorAction(serverError('roles.create', 403, 'Forbidden', 'no access'))).toEqual({
      type: 'localized',
      code: 'Forbidden',
      messages: ['no access'],
    });
  });

  it('localized errors are shown as sent, one item per message', () => {
    const action = decideErrorAction(serverError('space.invite', 409, 'AlreadyMember', ['first', 'second']));
    expect(action).toEqual({ type: 'localized', code: 'AlreadyMember', messages: ['first', 'second'] });
  });

  it('a reply marked error-type: localized is localized, its body one error or a list of them', () => {
    const headers = new Headers({ 'error-type': 'localized' });
    const list = restFailure(
      'storage.download',
      500,
      ['first', { error_message: ['second', 'third'] }],
      headers,
    );
    expect(list).toMatchObject({ localized: true, messages: ['first', 'second', 'third'] });
    expect(decideErrorAction(list)).toEqual({
      type: 'localized',
      code: null,
      messages: ['first', 'second', 'third'],
    });
    // a proxy's page without the header or an error code is no localized error: it is reported generally
    const proxy = restFailure('storage.download', 500, null, new Headers());
    expect(proxy.localized).toBe(false);
    expect(decideErrorAction(proxy)).toEqual({ type: 'notify', messages: [] });
  });

  it('reads the error body of a download from a blob holding JSON, with its header', async () => {
    // a download's reply: JSON bytes under a binary content type
    const response = new Response(JSON.stringify({ error_code: 'NotFound', error_message: 'Not found' }), {
      status: 404,
      headers: { 'error-type': 'localized', 'content-type': 'application/octet-stream' },
    });
    expect(await responseFailure('storage.download', response)).toMatchObject({
      status: 404,
      code: 'NotFound',
      messages: ['Not found'],
      localized: true,
    });
  });

  it('an unsuccessful reply is reported', () => {
    expect(decideErrorAction(failedCall({ kind: 'unsuccessful', status: null }))).toEqual({
      type: 'notify',
      messages: [],
    });
  });

  it('cancelled requests are ignored and lost connections open the disconnect page', () => {
    expect(decideErrorAction(failedCall({ kind: 'aborted' }))).toEqual({ type: 'ignore' });
    expect(decideErrorAction(failedCall({ kind: 'network' }))).toEqual({ type: 'disconnect' });
  });
});
