import type { LinkType } from '@takt/contracts';
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
