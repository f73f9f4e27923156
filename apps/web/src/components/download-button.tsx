import type { ReactNode } from 'react';
import { fetchFile, saveBlob } from '../lib/download';

/** A button that fetches a stored file of the REST API and saves it under its name; failures are reported. */
export function DownloadButton({
  path,
  name,
  className,
  title,
  children,
}: {
  path: string;
  name: string;
  className: string;
  /** What the button saves, when its label alone does not say. */
  title?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      title={title}
      onClick={async () => {
        const got = await fetchFile(path, {});
        if (got) saveBlob(got.blob, name);
      }}
    >
      {children}
    </button>
  );
}
