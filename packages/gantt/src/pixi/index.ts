// The app's Content-Security-Policy allows no eval; Pixi then needs its eval-free shader and uniform code.
import 'pixi.js/unsafe-eval';

export type { CyclogramPixiOptions, CyclogramScene } from './cyclogram-renderer.js';
export { CyclogramPixiRenderer } from './cyclogram-renderer.js';
export type { FrameClock, FrameLayer } from './frame-scheduler.js';
export { animationFrameClock, FrameScheduler } from './frame-scheduler.js';
export type { GanttPixiOptions } from './gantt-renderer.js';
export { GanttPixiRenderer } from './gantt-renderer.js';
export type { NetworkScene } from './network-renderer.js';
export { NetworkPixiRenderer } from './network-renderer.js';
export type { GanttInteraction, GanttScene } from './scene.js';
export { GANTT_INTERACTION_NONE, ganttSceneEqual } from './scene.js';
