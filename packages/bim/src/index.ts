export * from './appearance';
export * from './geometry';
export * from './rules';
export * from './types';
