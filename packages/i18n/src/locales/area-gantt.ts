import { area } from './area';

/** Messages of the gantt area (English, Russian). */
export const ganttMessages = area({}, {});
