import { LINK_TYPES, type LinkType } from '@takt/contracts';
import { choicesOf } from '../../../components/compact-select';
import type { RouterOutputs } from '../../../lib/api-types';

/** A link of the version as relations.list returns it. */
export interface Relation {
  id: string;
  predecessorId: string;
  successorId: string;
  type: LinkType;
  lagMinutes: number;
  revision: number;
  external?: boolean;
}

/** A work of another schedule, as the works search finds it. */
export type FoundWork = RouterOutputs['works']['search'][number];

/** The link types as a select offers them (FS, SS, FF, SF). */
export const LINK_CHOICES = choicesOf(LINK_TYPES, (type) => type.toUpperCase());
