export * from './api';
export * from './demo';
export * from './parse';
