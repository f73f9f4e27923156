export * from './graph.js';
export * from './layout.js';
export * from './provisional.js';
export * from './view.js';
