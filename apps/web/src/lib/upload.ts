import { describeFailure, ERROR_TYPE_HEADER, type FailedCall, responseFailure, restFailure } from './errors';
import { requestHeaders } from './trpc';

/**
 * Posts a multipart form to the REST API. Resolves with the JSON body of a success, or with the failure
 * read the way every other failed call is read; `callName` names the call in that failure (the path
 * unless told otherwise).
 */
export async function postForm<Answer>(
  path: string,
  body: FormData,
  callName: string = path,
): Promise<{ answer: Answer } | { failure: FailedCall }> {
  try {
    const response = await fetch(path, { method: 'POST', headers: requestHeaders(), body });
    if (!response.ok) return { failure: await responseFailure(callName, response) };
    const data: unknown = await response.json().catch(() => null);
    return { answer: data as Answer };
  } catch (error) {
    return { failure: describeFailure(error, callName) };
  }
}

/**
 * Posts a multipart form to the REST API like {@link postForm} and reports the share of it sent so far (`onSent`, 0 to 1):
 * fetch cannot report upload progress, XMLHttpRequest can. Resolves with the JSON body of a 200, or
 * with the failure read the way every other failed call is read.
 */
export function postWithProgress<Answer>(
  path: string,
  body: FormData,
  onSent: (fraction: number) => void,
): Promise<{ answer: Answer } | { failure: FailedCall }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onSent(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      resolve(
        xhr.status === 200
          ? { answer: data as Answer }
          : {
              failure: restFailure(
                path,
                xhr.status,
                data,
                new Headers({ [ERROR_TYPE_HEADER]: xhr.getResponseHeader?.(ERROR_TYPE_HEADER) ?? '' }),
              ),
            },
      );
    };
    // The server could not be reached: the same failure as a fetch that rejects.
    xhr.onerror = () => resolve({ failure: describeFailure(new TypeError('Failed to fetch'), path) });
    xhr.send(body);
  });
}
