import {
  replaceReportTemplateInput,
  reportFormInput,
  reportFormNodeInput,
  reportFormsInput,
  runReportInput,
  updateReportFormInput,
  uploadReportFormInput,
} from '@takt/contracts';
import * as reports from '../../domains/reports';
import { router, spaceMutation, spaceQuery } from '../trpc';

/**
 * Reports (API reports of EPS nodes, versions/{id}/report): the forms are seen with `schedule.view` and
 * managed with `analytics.manage`; running a report (a file, like a print) needs `print`.
 */
export const reportsRouter = router({
  forms: router({
    list: spaceQuery('schedule.view', reportFormsInput, reports.listForms),
    template: spaceQuery('schedule.view', reportFormInput, reports.downloadTemplate),
    upload: spaceMutation('analytics.manage', uploadReportFormInput, reports.uploadForm),
    update: spaceMutation('analytics.manage', updateReportFormInput, reports.updateForm),
    replace: spaceMutation('analytics.manage', replaceReportTemplateInput, reports.replaceTemplate),
    link: spaceMutation('analytics.manage', reportFormNodeInput, reports.linkForm),
    unlink: spaceMutation('analytics.manage', reportFormNodeInput, reports.unlinkForm),
    delete: spaceMutation('analytics.manage', reportFormInput, reports.deleteForm),
  }),
  run: spaceMutation('print', runReportInput, reports.runReport),
});
