import { area } from './area';

/** Messages of the bim area (English, Russian). */
export const bimMessages = area({}, {});
