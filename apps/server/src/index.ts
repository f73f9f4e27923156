export { createApp } from './app';
export { readConfig } from './config';
export { startServer } from './server';
export type { AppRouter } from './trpc/router';
