import { z } from 'zod';
import { id } from './api';
import { uploadedFile } from './interchange';
import { VALIDATION } from './messages';
import { hasProhibitedCharacters } from './validation';

/**
 * Reports (docs/product-rules.md, "Reports"): report forms are Excel templates uploaded at an EPS node and
 * filled with a version's figures; the master report is the built-in form.
 */
export const REPORT_LIMITS = {
  /** A form's template, at most (cut while the upload streams in). */
  templateMaxBytes: 5 * 1024 * 1024,
  nameMaxLength: 255,
  /** Versions with more works than this are reported by a background job, the file kept for download. */
  inlineMaxWorks: 5_000,
  /** Forms one space may hold. */
  formsPerSpace: 500,
  /** The earliest and latest report year. */
  minYear: 1900,
  maxYear: 2200,
} as const;

/** The files a report is written as. */
export const REPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** A multipart text field arrives JSON-parsed: a name "2026" becomes a number, which is still a name. */
const formName = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z
    .string({ message: VALIDATION.required })
    .trim()
    .min(1, { message: VALIDATION.required })
    .max(REPORT_LIMITS.nameMaxLength, { message: VALIDATION.maxLength })
    .refine((v) => !hasProhibitedCharacters(v), { message: VALIDATION.prohibitedCharacters }),
);
/** A multipart field "" or "null" leaves the year to the data date. */
const reportYear = z.preprocess(
  (v) => (v === '' || v === 'null' ? null : v),
  z
    .number({ message: VALIDATION.notANumber })
    .int({ message: VALIDATION.notAnInteger })
    .min(REPORT_LIMITS.minYear, { message: VALIDATION.outOfRange })
    .max(REPORT_LIMITS.maxYear, { message: VALIDATION.outOfRange })
    .nullable(),
);

export const reportFormInput = z.object({ spaceId: id, formId: id });
/** A node's forms (linked to it or to a node above it); without a node, every form of the space. */
export const reportFormsInput = z.object({ spaceId: id, nodeId: id.optional() });

export const uploadReportFormInput = z.object({
  spaceId: id,
  /** The EPS node the form is uploaded at; it is linked to it. */
  nodeId: id,
  file: uploadedFile,
  /** Default: the file's name without `.xlsx`. */
  name: formName.optional(),
  year: reportYear.optional(),
  showSummaries: z.boolean().optional(),
});
export type UploadReportFormInput = z.infer<typeof uploadReportFormInput>;

export const updateReportFormInput = reportFormInput.extend({
  name: formName.optional(),
  year: reportYear.optional(),
  showSummaries: z.boolean().optional(),
});
export type UpdateReportFormInput = z.infer<typeof updateReportFormInput>;

/** Replaces a form's template, keeping its name, options and links. */
export const replaceReportTemplateInput = reportFormInput.extend({ file: uploadedFile });
export type ReplaceReportTemplateInput = z.infer<typeof replaceReportTemplateInput>;

export const reportFormNodeInput = reportFormInput.extend({ nodeId: id });

export const runReportInput = z.object({
  spaceId: id,
  versionId: id,
  format: z.enum(REPORT_FORMATS),
  /** The form to fill; absent: the master report. */
  formId: id.optional(),
  /** Run as a background job whatever the version's size. */
  background: z.boolean().optional(),
});
export type RunReportInput = z.infer<typeof runReportInput>;
