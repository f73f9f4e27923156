import { GALLERY_LIMITS } from '@takt/contracts';
import { formatDateTime } from '@takt/i18n';
import { useEffect, useRef, useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import { Button, Empty, IconButton } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { fetchFile, saveBlob } from '../../lib/download';
import { handleFailure } from '../../lib/error-handler';
import { appI18n, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { formatNumber } from '../../lib/schedule-time';
import { requestHeaders, trpc } from '../../lib/trpc';
import { postForm } from '../../lib/upload';

export type GalleryFile = RouterOutputs['interchange']['storage']['nodeFiles'][number];

/** A photo's thumbnail needs the Authorization header: fetched as a blob into an object URL. */
function useThumbnail(spaceId: string, fileId: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetch(`/api/v1/space/${spaceId}/storage/thumbnail/${fileId}`, {
      headers: requestHeaders(),
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        // no thumbnail: the tile shows the file's name
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [spaceId, fileId]);
  return url;
}

const megabytes = (bytes: number) => formatNumber(bytes / 1024 / 1024, appI18n.locale, 1);

/**
 * The node's gallery (node info tab gallery): photos as thumbnails the server made, documents as a list;
 * files are added by choosing them (several at once), opened or downloaded, and deleted by an editor.
 */
export function GalleryTab({ nodeId, files }: { nodeId: string; files: GalleryFile[] }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [viewed, setViewed] = useState<GalleryFile | null>(null);
  const editable = can('schedule.edit');
  const refresh = () => utils.eps.info.invalidate({ spaceId, nodeId, tab: 'gallery' });
  const remove = trpc.interchange.storage.delete.useMutation({ onSuccess: refresh });

  const add = async (chosen: FileList | null) => {
    for (const file of Array.from(chosen ?? [])) {
      if (file.size > GALLERY_LIMITS.fileMaxBytes) {
        notify('error', [t('gallery.too_large', { size: megabytes(GALLERY_LIMITS.fileMaxBytes) })]);
        continue;
      }
      setUploading(file.name);
      const body = new FormData();
      body.append('file', file, file.name);
      const reply = await postForm<GalleryFile>(
        `/api/v1/space/${spaceId}/storage/eps/${nodeId}/gallery`,
        body,
      );
      if ('failure' in reply) handleFailure(reply.failure);
      else notify('success', [t('gallery.added', { name: reply.answer.name })]);
    }
    setUploading(null);
    if (input.current) input.current.value = '';
    await refresh();
  };

  const download = async (file: GalleryFile) => {
    const got = await fetchFile(`/api/v1/space/${spaceId}/storage/download/${file.id}`, { method: 'GET' });
    if (got) saveBlob(got.blob, file.name);
  };

  const del = async (file: GalleryFile) => {
    if (await confirmedDelete(t('gallery.delete_confirm', { name: file.name })))
      remove.mutate({ spaceId, fileId: file.id });
  };

  const photos = files.filter((f) => f.kind === 'photo');
  const documents = files.filter((f) => f.kind === 'document');
  const about = (f: GalleryFile) =>
    t('gallery.size', {
      size: `${megabytes(f.size)} MB`,
      author: f.author ?? '—',
      date: formatDateTime(f.createdAt),
    });
  return (
    <div className="gallery" data-testid="gallery">
      {editable && (
        <div className="gallery-toolbar">
          <input
            ref={input}
            type="file"
            multiple
            hidden
            data-testid="gallery-input"
            onChange={(e) => void add(e.target.files)}
          />
          <Button variant="primary" disabled={uploading !== null} onClick={() => input.current?.click()}>
            {uploading ? t('gallery.uploading', { name: uploading }) : t('gallery.upload')}
          </Button>
        </div>
      )}
      {files.length === 0 && <Empty>{t('node_info.empty.gallery')}</Empty>}
      {photos.length > 0 && (
        <section>
          <h3 className="gallery-heading">{t('gallery.photos')}</h3>
          <ul className="gallery-grid">
            {photos.map((f) => (
              <li key={f.id} className="gallery-tile" data-testid="gallery-photo">
                <button
                  type="button"
                  className="gallery-thumb"
                  title={t('gallery.open', { name: f.name })}
                  onClick={() => setViewed(f)}
                >
                  <Thumbnail spaceId={spaceId} file={f} />
                </button>
                <div className="gallery-caption">
                  <span className="gallery-name">{f.name}</span>
                  <span className="gallery-meta">{about(f)}</span>
                </div>
                <FileActions file={f} editable={editable} onDownload={download} onDelete={del} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {documents.length > 0 && (
        <section>
          <h3 className="gallery-heading">{t('gallery.documents')}</h3>
          <ul className="plain-list gallery-documents">
            {documents.map((f) => (
              <li key={f.id} data-testid="gallery-document">
                <span className="gallery-name">{f.name}</span>
                <span className="gallery-meta">{about(f)}</span>
                <FileActions file={f} editable={editable} onDownload={download} onDelete={del} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {viewed && <PhotoViewer spaceId={spaceId} file={viewed} onClose={() => setViewed(null)} />}
    </div>
  );
}

function Thumbnail({ spaceId, file }: { spaceId: string; file: GalleryFile }) {
  const url = useThumbnail(spaceId, file.id);
  return url ? (
    <img src={url} alt={file.name} />
  ) : (
    <span className="gallery-placeholder" aria-hidden="true" />
  );
}

function FileActions({
  file,
  editable,
  onDownload,
  onDelete,
}: {
  file: GalleryFile;
  editable: boolean;
  onDownload: (f: GalleryFile) => void;
  onDelete: (f: GalleryFile) => void;
}) {
  const t = useT();
  return (
    <span className="gallery-actions">
      <IconButton label={t('gallery.download')} onClick={() => onDownload(file)}>
        ⤓
      </IconButton>
      {editable && (
        <IconButton label={t('gallery.delete')} onClick={() => onDelete(file)}>
          ✕
        </IconButton>
      )}
    </span>
  );
}

/** The photo itself, fetched when opened, over the page. */
function PhotoViewer({
  spaceId,
  file,
  onClose,
}: {
  spaceId: string;
  file: GalleryFile;
  onClose: () => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    void fetchFile(`/api/v1/space/${spaceId}/storage/download/${file.id}`, { method: 'GET' }).then((got) => {
      if (!got || !live) return;
      objectUrl = URL.createObjectURL(got.blob);
      setUrl(objectUrl);
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [spaceId, file.id]);
  return (
    <FormDialog title={file.name} wide onClose={onClose} testId="gallery-viewer">
      <div className="gallery-photo">
        {url ? <img src={url} alt={file.name} /> : <span className="gallery-placeholder" />}
      </div>
    </FormDialog>
  );
}
