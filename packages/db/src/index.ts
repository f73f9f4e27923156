export * from '../generated/prisma/client';
export * from './bootstrap';
export * from './client';
export * from './embedded';
export * from './kysely';
export * from './migrate';
export * from './paths';
