import {
  applyDecompositionInput,
  assistantHistoryInput,
  assistantHistoryItemInput,
  decomposeInput,
  decompositionTemplateIdInput,
  decompositionTemplateInput,
  decompositionTemplateUpdateInput,
  previewTemplateInput,
  saveAssistantSettingsInput,
  scheduleAnalyticsInput,
  spaceInput,
} from '@takt/contracts';
import * as assistant from '../../domains/assistant';
import { router, spaceMutation, spaceQuery } from '../trpc';

/**
 * The schedule assistant (API: AI schedule-analytics, history-list, history-item, decompose-wbs-item,
 * apply-decompose-wbs-item): whoever sees a schedule may analyse it (a run is kept in the version's
 * history), read the history and ask for a decomposition of a work; applying one is an edit of the
 * schedule. The space's thresholds are set by whoever manages analytics, its own decomposition templates
 * by whoever manages the space (who also tries a draft on a sample); Takt's templates are read by all.
 */
export const assistantRouter = router({
  analytics: spaceMutation('schedule.view', scheduleAnalyticsInput, assistant.runScheduleAnalytics),
  history: spaceQuery('schedule.view', assistantHistoryInput, assistant.historyList),
  item: spaceQuery('schedule.view', assistantHistoryItemInput, assistant.historyItem),
  settings: router({
    get: spaceQuery('schedule.view', spaceInput, (ctx) => assistant.assistantSettingsOf(ctx)),
    save: spaceMutation('analytics.manage', saveAssistantSettingsInput, assistant.saveAssistantSettings),
  }),
  decompose: spaceQuery('schedule.view', decomposeInput, assistant.proposeDecomposition),
  applyDecompose: spaceMutation('schedule.edit', applyDecompositionInput, assistant.applyDecomposition),
  templates: router({
    list: spaceQuery('schedule.view', spaceInput, (ctx) => assistant.spaceTemplates(ctx)),
    builtIn: spaceQuery('schedule.view', spaceInput, () => assistant.builtInTemplates()),
    create: spaceMutation('space.manage', decompositionTemplateInput, assistant.createTemplate),
    update: spaceMutation('space.manage', decompositionTemplateUpdateInput, assistant.updateTemplate),
    delete: spaceMutation('space.manage', decompositionTemplateIdInput, assistant.deleteTemplate),
    // A draft tried on a work-like sample: computed, nothing written (a mutation for its long input).
    preview: spaceMutation('space.manage', previewTemplateInput, assistant.previewTemplate),
  }),
});
