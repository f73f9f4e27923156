export * from './dates.js';
export * from './layout.js';
export * from './links.js';
export * from './locale.js';
export * from './scale.js';
export * from './snapshot.js';
export * from './text.js';
