import { startTestDatabaseServer } from '@takt/db/testing';
import type { TestProject } from 'vitest/node';

/** One PostgreSQL server and one migrated template for the whole run; each test file copies the template. */
export default async function setup(project: TestProject) {
  const server = await startTestDatabaseServer();
  project.provide('testDatabase', { adminUrl: server.adminUrl, template: server.template });
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { adminUrl: string; template: string };
  }
}
