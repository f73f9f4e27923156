export * from './geometry';
export * from './types';
