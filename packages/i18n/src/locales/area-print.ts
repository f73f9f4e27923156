import { area } from './area';

/** Messages of the print area (English, Russian). */
export const printMessages = area({}, {});
