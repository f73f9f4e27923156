import type { EstimateExportFormat, EstimateRuleFields } from '@takt/contracts';
import type { RouterOutputs } from '../../lib/api-types';
import { postForm } from '../../lib/upload';

export type EstimateView = RouterOutputs['estimates']['get'];

/** `GET …/estimates/{id}/export/{format}` as a path for a download button. */
export const exportPath = (spaceId: string, estimateId: string, format: EstimateExportFormat) =>
  `/api/v1/space/${spaceId}/estimates/${estimateId}/export/${format}`;

/** An upload rule as the import and the preview take it (the rule's name only when saved). */
export type EstimateSheetRule = Omit<EstimateRuleFields, 'name'>;
export type EstimatePreview = RouterOutputs['estimates']['importPreview'];
export type EstimateImportReport = RouterOutputs['estimates']['import']['report'];

/**
 * `POST …/eps/{node}/estimates/import` (multipart): the file read into a new estimate of the node; a sheet
 * through the rule given with it.
 */
export function importEstimate(spaceId: string, nodeId: string, file: File, rule?: EstimateSheetRule) {
  const form = new FormData();
  form.append('file', file);
  if (rule) form.append('rule', JSON.stringify(rule));
  return postForm<{ estimateId: string; report: EstimateImportReport }>(
    `/api/v1/space/${spaceId}/eps/${nodeId}/estimates/import`,
    form,
  );
}

/** `POST …/estimate-upload-rules/preview` (multipart): what the rule makes of the sheet, nothing written. */
export function previewEstimateImport(spaceId: string, file: File, rule: EstimateSheetRule) {
  const form = new FormData();
  form.append('file', file);
  form.append('rule', JSON.stringify(rule));
  return postForm<EstimatePreview>(`/api/v1/space/${spaceId}/estimate-upload-rules/preview`, form);
}
