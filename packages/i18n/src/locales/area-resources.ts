import { area } from './area';

/** Messages of the resources area (English, Russian). */
export const resourcesMessages = area({}, {});
