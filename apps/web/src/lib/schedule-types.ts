/**
 * Shapes of the schedule replies whose server types are loose (raw SQL rows): versions and schedule
 * groups. They mirror `VERSION_SELECT` of the versions service and `listScheduleGroups`.
 */
export interface VersionInfo {
  id: string;
  scheduleId: string;
  number: number;
  name: string;
  actual: boolean;
  locked: boolean;
  calcStatus: number;
  calcError: string | null;
  calendarId: string | null;
  projectStart: string | null;
  dataDate: string | null;
  workCount: number;
  revision: number;
}

export interface ScheduleGroup {
  id: string;
  projectId: string;
  name: string;
  sortKey: number;
  revision: number;
  scheduleIds: string[];
}

export const asVersions = (data: unknown): VersionInfo[] => (data ?? []) as VersionInfo[];
export const asGroups = (data: unknown): ScheduleGroup[] => (data ?? []) as ScheduleGroup[];

/** What a part of the schedule's side panel that acts on a whole version is given. */
export interface VersionPanelProps {
  versionId: string;
  /** The version may not change (locked, or the user may not edit). */
  readOnly: boolean;
  /** The version changed: the schedule reloads. */
  onChanged: () => void;
}
