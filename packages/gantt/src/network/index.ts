export * from './graph.js';
export * from './layout.js';
export * from './view.js';
