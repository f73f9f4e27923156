import type {
  ExportFormat,
  ImportEncoding,
  ImportFormat,
  ImportSettingFields,
  RecordedDatesChoice,
} from '@takt/contracts';
import type { RouterOutputs } from '../../lib/api-types';
import { fetchFile, saveBlob } from '../../lib/download';
import type { FailedCall } from '../../lib/errors';
import { postForm, postWithProgress } from '../../lib/upload';

export type ImportJob = RouterOutputs['interchange']['job'];
export type ImportSetting = RouterOutputs['interchange']['settings']['list'][number];

export interface UploadFields {
  name?: string;
  format?: ImportFormat;
  settingId?: string;
  rule?: Partial<ImportSettingFields>;
  /** the file's text encoding (absent: detected from the content) */
  encoding?: ImportEncoding;
  recordedDates?: RecordedDatesChoice;
}

/** Multipart fields are JSON-serialized objects (API) or plain text. */
function formOf(file: File, fields: object): FormData {
  const form = new FormData();
  form.append('file', file);
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined && value !== '')
      form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  return form;
}

/**
 * Uploads a schedule file (`POST …/schedules/{id}/versions/upload`, multipart) and reports the bytes sent,
 * so the progress bar moves while a large file travels; resolves with the import job.
 */
export async function uploadVersionFile(
  spaceId: string,
  scheduleId: string,
  file: File,
  fields: UploadFields,
  onSent: (fraction: number) => void,
): Promise<{ job: ImportJob } | { failure: FailedCall }> {
  const path = `/api/v1/space/${spaceId}/schedules/${scheduleId}/versions/upload`;
  const result = await postWithProgress<ImportJob>(path, formOf(file, fields), onSent);
  return 'failure' in result ? result : { job: result.answer };
}

/** The file name the server gave in `content-disposition` (RFC 5987 `filename*`). */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)/i.exec(header);
  return match ? decodeURIComponent(match[1]!) : fallback;
}

/** Fetches a file the server writes (an export, a stored file) and saves it; failures are reported. */
export async function downloadFrom(
  path: string,
  init: Parameters<typeof fetchFile>[1],
  fallbackName: string,
): Promise<boolean> {
  const file = await fetchFile(path, init);
  if (file) saveBlob(file.blob, fileNameOf(file.response, fallbackName));
  return file !== null;
}

/** `POST …/versions/{id}/export/{format}`: the file in the response. */
export function downloadVersionExport(
  spaceId: string,
  versionId: string,
  format: ExportFormat,
  columns?: string[],
) {
  return downloadFrom(
    `/api/v1/space/${spaceId}/versions/${versionId}/export/${format}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(columns ? { columns } : {}),
    },
    `schedule.${format}`,
  );
}

/** `POST …/schedules/versions/export-comparison/{format}`. */
export function downloadComparisonExport(
  spaceId: string,
  versionId: string,
  otherVersionId: string,
  format: ExportFormat,
) {
  return downloadFrom(
    `/api/v1/space/${spaceId}/schedules/versions/export-comparison/${format}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ versionId, otherVersionId }),
    },
    `comparison.${format}`,
  );
}

/** `GET …/storage/download/{id}`. */
export function downloadStoredFile(spaceId: string, fileId: string, fallbackName: string) {
  return downloadFrom(`/api/v1/space/${spaceId}/storage/download/${fileId}`, { method: 'GET' }, fallbackName);
}

export type TabularPreviewDto = RouterOutputs['interchange']['settings']['preview'];

/** `POST …/schedule-import-settings/preview` (multipart): how the rule reads the spreadsheet's first rows. */
export async function previewSpreadsheet(
  spaceId: string,
  file: File,
  settingId: string,
  format: ImportFormat,
  encoding: ImportEncoding = 'auto',
): Promise<{ preview: TabularPreviewDto } | { failure: FailedCall }> {
  const path = `/api/v1/space/${spaceId}/schedule-import-settings/preview`;
  const body = formOf(file, { settingId, format, ...(encoding !== 'auto' ? { encoding } : {}) });
  const result = await postForm<TabularPreviewDto>(path, body);
  return 'failure' in result ? result : { preview: result.answer };
}
