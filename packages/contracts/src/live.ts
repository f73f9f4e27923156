import { z } from 'zod';
import { id } from './api';

/** One event of the live bus as a client receives it (`live.events`). */
export interface LiveEventDto {
  /** The event's id: increasing within a space in the order the changes committed. */
  id: string;
  /** `user:<id>`, `chat:<id>` or `board:<id>`. */
  topic: string;
  kind: string;
  data: unknown;
  /** ISO time the event was written. */
  createdAt: string;
}

/** `live.events`: the caller's events of the space from now on, or from after `lastEventId` (a reconnect). */
export const liveEventsInput = z.object({
  spaceId: id,
  lastEventId: z
    .string()
    .regex(/^\d{1,18}$/)
    .nullish(),
});
