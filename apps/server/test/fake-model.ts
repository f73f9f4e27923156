import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** What the fake model answers now, and the last question it was asked. */
export interface FakeModel {
  /** The answer's message content. */
  reply: string;
  /** The answer's HTTP status. */
  status: number;
  /** Answers nothing at all, until the client gives up. */
  hang: boolean;
  asked: null | { model: string; messages: { content: string }[] };
}

/**
 * A fake OpenAI-compatible endpoint on loopback for the file's tests (started before them, stopped after):
 * answers chat completions with what `fake` holds at the time. `modelOn()` points the server at it
 * (`TAKT_AI_URL`, `TAKT_AI_MODEL` = planner-1); `reset()` turns the model off and clears the fake.
 */
export function fakeModel() {
  const fake: FakeModel = { reply: '', status: 200, hang: false, asked: null };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      fake.asked = JSON.parse(body);
      if (fake.hang) return;
      response.statusCode = fake.status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: fake.reply } }] }));
    });
  });
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  return {
    fake,
    modelOn() {
      process.env.TAKT_AI_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      process.env.TAKT_AI_MODEL = 'planner-1';
    },
    reset() {
      delete process.env.TAKT_AI_URL;
      delete process.env.TAKT_AI_MODEL;
      delete process.env.TAKT_AI_TIMEOUT_MS;
      Object.assign(fake, { reply: '', status: 200, hang: false, asked: null });
    },
  };
}
