import { area } from './area';

/** Messages of the interchange area (English, Russian). */
export const interchangeMessages = area({}, {});
