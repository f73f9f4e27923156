export * from './api';
export * from './parse';
