export * from './abilities';
export * from './api';
export * from './constants';
export * from './dates';
export * from './errors';
export * from './masks';
export * from './messages';
export * from './validation';
