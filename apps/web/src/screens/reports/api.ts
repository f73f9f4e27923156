import type { ReportFormat } from '@takt/contracts';
import type { RouterOutputs } from '../../lib/api-types';
import { saveBlob } from '../../lib/download';
import { handleFailure } from '../../lib/error-handler';
import { describeFailure, type FailedCall, restFailure } from '../../lib/errors';
import { translateDynamic } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { api, requestHeaders } from '../../lib/trpc';
import { postForm } from '../../lib/upload';
import { downloadStoredFile } from '../import/api';

export type ReportForm = RouterOutputs['reports']['forms']['list'][number];

/** The fields of a form's upload, sent as multipart text (JSON for numbers and booleans). */
export interface ReportFormFields {
  name?: string;
  year?: number | null;
  showSummaries?: boolean;
}

function formOf(file: File, fields: ReportFormFields = {}): FormData {
  const form = new FormData();
  form.append('file', file);
  if (fields.name) form.append('name', fields.name);
  if (fields.year !== undefined) form.append('year', fields.year === null ? 'null' : String(fields.year));
  if (fields.showSummaries !== undefined) form.append('showSummaries', String(fields.showSummaries));
  return form;
}

/** `POST …/eps/{node}/reports` (multipart): a new form at the node, linked to it. */
export function uploadReportForm(spaceId: string, nodeId: string, file: File, fields: ReportFormFields) {
  return postForm<ReportForm>(`/api/v1/space/${spaceId}/eps/${nodeId}/reports`, formOf(file, fields));
}

/** `POST …/reports/{id}/template` (multipart): the form's new template. */
export function replaceReportTemplate(spaceId: string, formId: string, file: File) {
  return postForm<ReportForm>(`/api/v1/space/${spaceId}/reports/${formId}/template`, formOf(file));
}

/** `GET …/reports/{id}/template` as a path for a download button. */
export const templatePath = (spaceId: string, formId: string) =>
  `/api/v1/space/${spaceId}/reports/${formId}/template`;

type ReportJob = RouterOutputs['interchange']['job'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The file name the server gave in `content-disposition` (RFC 5987 `filename*`). */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename\*=UTF-8''([^;]+)/i.exec(response.headers.get('content-disposition') ?? '');
  return match ? decodeURIComponent(match[1]!) : fallback;
}

/**
 * Runs a report of a version (`POST …/versions/{id}/report/{x}` with the form, or `report/master/{x}`) and
 * saves the file. A large version answers 202 with a job: its progress is reported through `onProgress`
 * until the file is ready, then downloaded from storage. Failures are reported; resolves whether a file was saved.
 */
export async function runReport(
  spaceId: string,
  versionId: string,
  format: ReportFormat,
  formId: string | null,
  onProgress: (percent: number) => void,
): Promise<boolean> {
  const path = `/api/v1/space/${spaceId}/versions/${versionId}/report/${formId ? '' : 'master/'}${format}`;
  const fallback = `report.${format}`;
  let failure: FailedCall | null = null;
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { ...requestHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify(formId ? { formId } : {}),
    });
    if (response.status === 202) {
      let { job } = (await response.json()) as { job: ReportJob };
      while (job.state === 'queued' || job.state === 'running') {
        onProgress(job.progress);
        await sleep(500);
        job = await api.interchange.job.query({ spaceId, jobId: job.id });
      }
      if (job.state !== 'completed' || !job.fileId) {
        if (job.error) notify('error', [translateDynamic(`errors.${job.error.code}`)]);
        return false;
      }
      onProgress(100);
      return downloadStoredFile(spaceId, job.fileId, job.fileName ?? fallback);
    }
    if (response.ok) {
      saveBlob(await response.blob(), fileNameOf(response, fallback));
      return true;
    }
    failure = restFailure(path, response.status, await response.json().catch(() => null));
  } catch (error) {
    failure = describeFailure(error, path);
  }
  handleFailure(failure);
  return false;
}
