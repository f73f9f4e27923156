import { area } from './area';

/** Messages of the analytics: dashboards and their widgets, home, scoreboard (English, Russian). */
export const analyticsMessages = area(
  {
    'ability.analytics.manage': 'Manage shared dashboards and the scoreboard',
  },
  {
    'ability.analytics.manage': 'Управление общими панелями аналитики и рейтингом',
  },
);
