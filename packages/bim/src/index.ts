export * from './appearance';
export * from './geometry';
export * from './guid';
export * from './placement';
export * from './rules';
export * from './types';
export * from './worker/client';
export type * from './worker/protocol';
