/** P6's codes of activity types, constraints, relation types and lag calendars in XER files. */
import type { LagCalendar } from '@takt/engine';
import type { IxActivityType, IxConstraintType, IxRelationType } from '../common/model.js';

export const XER_TASK_TYPES: Record<string, IxActivityType> = {
  TT_Task: 'task',
  TT_Rsrc: 'resource_dependent',
  TT_LOE: 'level_of_effort',
  TT_Mile: 'start_milestone',
  TT_FinMile: 'finish_milestone',
  TT_WBS: 'wbs_summary',
};
export const XER_CONSTRAINTS: Record<string, IxConstraintType> = {
  CS_MSO: 'start_on',
  CS_MSOB: 'start_on_or_before',
  CS_MSOA: 'start_on_or_after',
  CS_MEO: 'finish_on',
  CS_MEOB: 'finish_on_or_before',
  CS_MEOA: 'finish_on_or_after',
  CS_MANDSTART: 'mandatory_start',
  CS_MANDFIN: 'mandatory_finish',
};
export const XER_RELATIONS: Record<string, IxRelationType> = {
  PR_FS: 'fs',
  PR_SS: 'ss',
  PR_FF: 'ff',
  PR_SF: 'sf',
};
export const XER_LAG_CALENDARS: Record<string, LagCalendar> = {
  rcal_Predecessor: 'predecessor',
  rcal_Successor: 'successor',
  rcal_24Hour: '24h',
  rcal_ProjDefault: 'project',
};
