import { handleFailure } from './error-handler';
import { describeFailure, responseFailure } from './errors';
import { requestHeaders } from './trpc';

/** Saves bytes the browser received as a file, through a link it downloads. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  // a large file may still be being written to disk when the click returns
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves what an address holds (an object or a data URL) as a file, through a link it downloads. */
export function saveUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** The file name a response's `content-disposition` gives (`filename*=UTF-8''…`), if any. */
export function fileNameOf(response: Response): string | null {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * Fetches a file the REST API writes (an export, a PDF, a stored file) with the session's headers. Null
 * when it failed: an error status, the network or a body cut short, each already reported through the
 * app's error handling.
 */
export async function fetchFile(
  path: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> },
): Promise<{ blob: Blob; response: Response } | null> {
  try {
    const response = await fetch(path, { ...init, headers: { ...requestHeaders(), ...init.headers } });
    if (response.ok) return { blob: await response.blob(), response };
    handleFailure(await responseFailure(path, response));
  } catch (error) {
    handleFailure(describeFailure(error, path));
  }
  return null;
}
