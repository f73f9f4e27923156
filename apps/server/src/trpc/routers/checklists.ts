import {
  addChecklistItemInput,
  checklistInput,
  checklistItemInput,
  checklistOwnerInput,
  checklistTemplateInput,
  createChecklistInput,
  createChecklistTemplateInput,
  reorderChecklistInput,
  spaceInput,
  updateChecklistInput,
  updateChecklistItemInput,
  updateChecklistTemplateInput,
  versionChecklistsInput,
} from '@takt/contracts';
import * as checklists from '../../domains/checklists';
import { router, spaceMutation, spaceQuery } from '../trpc';

/**
 * Checklists of works and kanban cards with their items (API checklist CRUD with items), and the space's
 * checklist templates: reading needs `schedule.view`, ticking and editing `boards.work`, templates
 * `boards.manage`.
 */
export const checklistsRouter = router({
  list: spaceQuery('schedule.view', checklistOwnerInput, checklists.listChecklists),
  progress: spaceQuery('schedule.view', versionChecklistsInput, checklists.versionChecklistProgress),
  create: spaceMutation('boards.work', createChecklistInput, checklists.createChecklist),
  rename: spaceMutation('boards.work', updateChecklistInput, checklists.renameChecklist),
  delete: spaceMutation('boards.work', checklistInput, checklists.deleteChecklist),
  items: router({
    add: spaceMutation('boards.work', addChecklistItemInput, checklists.addChecklistItem),
    update: spaceMutation('boards.work', updateChecklistItemInput, checklists.updateChecklistItem),
    delete: spaceMutation('boards.work', checklistItemInput, checklists.deleteChecklistItem),
    reorder: spaceMutation('boards.work', reorderChecklistInput, checklists.reorderChecklistItems),
  }),
  templates: router({
    list: spaceQuery('schedule.view', spaceInput, checklists.listChecklistTemplates),
    create: spaceMutation('boards.manage', createChecklistTemplateInput, checklists.createChecklistTemplate),
    update: spaceMutation('boards.manage', updateChecklistTemplateInput, checklists.updateChecklistTemplate),
    delete: spaceMutation('boards.manage', checklistTemplateInput, checklists.deleteChecklistTemplate),
  }),
});
