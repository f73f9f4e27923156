import type { MessageId } from '@takt/i18n';

/** A screen of the space (screens and routes "Space routes"), relative to `/{space_id}`. */
export interface SpaceScreen {
  key: string;
  title: MessageId;
  /** Route patterns; the first is the link target when the screen is in the navigation. */
  paths: string[];
  /** Listed in the navigation (screens that need an id are reached from other screens). */
  nav: boolean;
  /** Declared now, built by a later issue. */
  unavailable: boolean;
  icon: string;
}

export const SPACE_SCREENS: SpaceScreen[] = [
  { key: 'structure', title: 'screen.structure', paths: ['/'], nav: true, unavailable: false, icon: 'grid' },
  { key: 'home', title: 'screen.home', paths: ['/home'], nav: true, unavailable: false, icon: 'home' },
  {
    key: 'resources',
    title: 'screen.resources',
    paths: ['/resources', '/resources/:id'],
    nav: true,
    unavailable: false,
    icon: 'users',
  },
  {
    key: 'cyclogram',
    title: 'screen.cyclogram',
    paths: ['/schedule/:id/cyclogram'],
    nav: false,
    unavailable: false,
    icon: 'chart',
  },
  {
    key: 'bim',
    title: 'bim.title',
    paths: ['/schedule/:id/bim'],
    nav: false,
    unavailable: false,
    icon: 'board',
  },
  {
    key: 'schedule',
    title: 'screen.schedule',
    paths: ['/schedule/:id'],
    nav: false,
    unavailable: false,
    icon: 'gantt',
  },
  {
    key: 'chat',
    title: 'screen.chat',
    paths: ['/chat', '/chat/:chatId'],
    nav: true,
    unavailable: false,
    icon: 'chat',
  },
  {
    key: 'kanban',
    title: 'screen.kanban',
    paths: ['/kanban-schedule/:id', '/kanban-schedule/:id/:boardId/:cardId?'],
    nav: false,
    unavailable: false,
    icon: 'kanban',
  },
  {
    key: 'grid',
    title: 'screen.grid',
    paths: ['/grid/:projectId'],
    nav: false,
    unavailable: false,
    icon: 'table',
  },
  {
    key: 'pipeline',
    title: 'screen.pipeline',
    paths: ['/pipeline/:projectId'],
    nav: false,
    unavailable: false,
    icon: 'flow',
  },
  {
    key: 'attributes',
    title: 'screen.attributes',
    paths: ['/attributes'],
    nav: true,
    unavailable: false,
    icon: 'tag',
  },
  {
    key: 'calendars',
    title: 'screen.calendars',
    paths: ['/calendars'],
    nav: true,
    unavailable: false,
    icon: 'calendar',
  },
  {
    key: 'directories',
    title: 'screen.directories',
    paths: ['/directories'],
    nav: true,
    unavailable: false,
    icon: 'book',
  },
  {
    key: 'scoreboard',
    title: 'screen.scoreboard',
    paths: ['/scoreboard'],
    nav: true,
    unavailable: false,
    icon: 'board',
  },
  {
    key: 'viewsettings',
    title: 'screen.viewsettings',
    paths: ['/viewsettings'],
    nav: true,
    unavailable: false,
    icon: 'sliders',
  },
  {
    key: 'analytics-print',
    title: 'screen.analytics_print',
    paths: ['/analytics/print/:value/:format'],
    nav: false,
    unavailable: false,
    icon: 'print',
  },
  {
    key: 'profile',
    title: 'screen.profile',
    paths: ['/profile'],
    nav: true,
    unavailable: false,
    icon: 'user',
  },
  { key: 'admin', title: 'screen.admin', paths: ['/admin'], nav: true, unavailable: false, icon: 'shield' },
];
