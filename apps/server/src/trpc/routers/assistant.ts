import {
  assistantHistoryInput,
  assistantHistoryItemInput,
  saveAssistantSettingsInput,
  scheduleAnalyticsInput,
  spaceInput,
} from '@takt/contracts';
import * as assistant from '../../domains/assistant';
import { router, spaceMutation, spaceQuery } from '../trpc';

/**
 * The schedule assistant (API: AI schedule-analytics, history-list, history-item): whoever sees a
 * schedule may analyse it (a run is kept in the version's history) and read the history; the space's
 * thresholds are set by whoever manages analytics.
 */
export const assistantRouter = router({
  analytics: spaceMutation('schedule.view', scheduleAnalyticsInput, assistant.runScheduleAnalytics),
  history: spaceQuery('schedule.view', assistantHistoryInput, assistant.historyList),
  item: spaceQuery('schedule.view', assistantHistoryItemInput, assistant.historyItem),
  settings: router({
    get: spaceQuery('schedule.view', spaceInput, (ctx) => assistant.assistantSettingsOf(ctx)),
    save: spaceMutation('analytics.manage', saveAssistantSettingsInput, assistant.saveAssistantSettings),
  }),
});
