import type { RouterOutputs } from '../../lib/api-types';
import { postForm } from '../../lib/upload';

export type EstimateView = RouterOutputs['estimates']['get'];

/** `GET …/estimates/{id}/export/{format}` as a path for a download button. */
export const exportPath = (spaceId: string, estimateId: string, format: 'xlsx' | 'pdf') =>
  `/api/v1/space/${spaceId}/estimates/${estimateId}/export/${format}`;

/** `POST …/eps/{node}/estimates/import` (multipart): the file read into a new estimate of the node. */
export function importEstimate(spaceId: string, nodeId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return postForm<{ estimateId: string }>(`/api/v1/space/${spaceId}/eps/${nodeId}/estimates/import`, form);
}
