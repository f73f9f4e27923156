import { type Language, translate } from './catalogs';

/** Sections of the built-in user guide (`system.guide`), in reading order. */
export const GUIDE_SECTIONS = [
  'getting_started',
  'spaces',
  'profile',
  'administration',
  'delegation',
  'security',
] as const;
export type GuideSectionId = (typeof GUIDE_SECTIONS)[number];

export interface GuideSection {
  id: GuideSectionId;
  title: string;
  body: string;
}

/** The guide in one language, ready to be sent by `system.guide`. */
export function guideSections(lang: Language): GuideSection[] {
  return GUIDE_SECTIONS.map((id) => ({
    id,
    title: translate(lang, `guide.${id}.title`),
    body: translate(lang, `guide.${id}.body`),
  }));
}
