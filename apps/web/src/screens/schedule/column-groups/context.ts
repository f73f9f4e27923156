import type { RouterOutputs } from '../../../lib/api-types';
import type { ScheduleModel } from '../../../lib/columnar';
import type { Translate } from '../../../lib/i18n';
import type { PlanDetails } from '../plan-details';
import type { GridColumn } from '../WbsGrid';

export type Attribute = RouterOutputs['attributes']['list'][number];
export type WorkPatch = Record<string, unknown>;
/** A column as a group defines it; the user's settings add its key, width and title. */
export type ColumnBody = Omit<GridColumn, 'key' | 'width' | 'title'>;

export interface ColumnContext {
  t: Translate;
  lang: string;
  model: ScheduleModel;
  hoursPerDay: number;
  calendars: readonly { id: string; name: string }[];
  members: readonly { userId: string; firstName: string; lastName: string }[];
  attributes: readonly Attribute[];
  attributeValues: ReadonlyMap<string, Record<string, unknown>>;
  /** The caller's checked works: a checkbox column first, its header checks all visible rows. */
  checks?: {
    ids: ReadonlySet<string>;
    set: (ids: readonly string[], value: boolean) => void;
    visible: () => readonly string[];
  };
  /** Approved plan and constraints of the works that have them. */
  details: ReadonlyMap<string, PlanDetails>;
  /** Assigned resources, planned labour and cost of the works that have assignments (resource columns). */
  resources?: ReadonlyMap<string, { names: string; labour: number; cost: number }>;
  /** The nodes replaced by another schedule's works (applied replacements): node id → donor schedule's name. */
  replaced?: ReadonlyMap<string, string>;
  collapsed: ReadonlySet<string>;
  onToggle: (row: number) => void;
  /** Sets a column's width from its header's edge: live while dragging, `done` when the drag ends. */
  resize?: (key: string, width: number, done: boolean) => void;
  /** Saves a change of one work; resolves to an error text or null. */
  save: (row: number, patch: WorkPatch) => Promise<string | null>;
}
