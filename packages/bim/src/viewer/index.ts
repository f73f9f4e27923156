export * from './state';
export * from './viewer';
