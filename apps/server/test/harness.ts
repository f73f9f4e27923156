import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@takt/db/testing';
import { inject } from 'vitest';
import { readConfig } from '../src/config';
import { createLogger } from '../src/log';
import { type RunningServer, startServer } from '../src/server';

export interface ApiReply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string | null;
  lang?: 'ru' | 'en' | 'fr';
  headers?: Record<string, string>;
  form?: FormData;
}

/** A real server on a free port over a fresh copy of the template database, for one test file. */
export interface TestServer {
  url: string;
  server: RunningServer;
  api<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    options?: CallOptions,
  ): Promise<ApiReply<T>>;
  /** Registers a user over REST and signs them in; returns the token and user. */
  signUp(
    login: string,
    extra?: Record<string, unknown>,
  ): Promise<{ token: string; user: { id: string; login: string } }>;
  /** A sign-in attempt over REST (`POST /auth/login`), answered as it is, successful or not. */
  signIn<T = Record<string, unknown>>(
    login: string,
    password: string,
    options?: CallOptions,
  ): Promise<ApiReply<T>>;
  /** The signed-in user's password change over REST, the new one confirmed as given unless told otherwise. */
  changePassword(
    token: string,
    password: string,
    newPassword: string,
    confirmPassword?: string,
  ): Promise<ApiReply<Record<string, unknown>>>;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

export const PASSWORD = 'correct-horse-1';

/** A registration body that passes every check, for `login` with PASSWORD; `extra` replaces fields. */
export const registration = (login: string, extra: Record<string, unknown> = {}) => ({
  login,
  email: `${login}@example.com`,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  firstName: 'Test',
  lastName: login,
  secretQuestion: 'First school',
  answer: 'School 57',
  privacyPolicyAccepted: true,
  ...extra,
});

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase(inject('testDatabase'));
  const dataDir = await mkdtemp(join(tmpdir(), 'takt-server-test-'));
  const config = readConfig({
    ...process.env,
    TAKT_WEB_DIST: join(dataDir, 'web'),
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    TAKT_DATA_DIR: dataDir,
  });
  const server = await startServer(config, createLogger('silent'));

  const api: TestServer['api'] = async (method, path, body, options = {}) => {
    const headers: Record<string, string> = { 'x-language': options.lang ?? 'en', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: BodyInit | undefined;
    if (options.form) payload = options.form;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${server.url}/api/v1${path}`, { method, headers, body: payload });
    const type = response.headers.get('content-type') ?? '';
    const parsed = type.includes('json')
      ? await response.json()
      : new Uint8Array(await response.arrayBuffer());
    return { status: response.status, body: parsed, headers: response.headers };
  };

  return {
    url: server.url,
    server,
    api,
    async signUp(login, extra = {}) {
      const reply = await api<{ token: string; user: { id: string; login: string } }>(
        'POST',
        '/users/register-and-login',
        registration(login, extra),
      );
      if (reply.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(reply.body)}`);
      return reply.body;
    },
    signIn: (login, password, options) => api('POST', '/auth/login', { login, password }, options),
    changePassword: (token, password, newPassword, confirmPassword = newPassword) =>
      api('PUT', '/users/change-password', { password, newPassword, confirmPassword }, { token }),
    async sql(text, params = []) {
      const { rows } = await server.services.db.pool.query(text, params);
      return rows;
    },
    async stop() {
      await server.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
