import { type Catalog, en } from './en';

/** French catalog. capabilities: French messages use the English text, so it is the English catalog. */
export const fr: Catalog = { ...en };
