import { PASSPORT_MAX_BYTES } from '@takt/contracts';
import { formatDateTime } from '@takt/i18n';
import { useRef, useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { Button } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { fetchFile, saveBlob } from '../../lib/download';
import { handleFailure } from '../../lib/error-handler';
import { appI18n, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { formatNumber } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import { postForm } from '../../lib/upload';

const megabytes = (bytes: number) => formatNumber(bytes / 1024 / 1024, appI18n.locale, 1);

/** A node's passport (its data sheet) in the node info: uploaded, replaced, downloaded or removed by an editor. */
export function PassportSection({ nodeId }: { nodeId: string }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const info = trpc.projects.passport.useQuery({ spaceId, nodeId });
  const refresh = () => utils.projects.passport.invalidate({ spaceId, nodeId });
  const remove = trpc.projects.deletePassport.useMutation({ onSuccess: refresh });
  const editable = can('structure.edit');
  const passport = info.data?.passport ?? null;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > PASSPORT_MAX_BYTES) {
      notify('error', [t('passport.too_large', { size: megabytes(PASSPORT_MAX_BYTES) })]);
      return;
    }
    setBusy(true);
    const body = new FormData();
    body.append('file', file, file.name);
    const reply = await postForm(`/api/v1/space/${spaceId}/storage/eps/${nodeId}/passport`, body);
    if ('failure' in reply) handleFailure(reply.failure);
    setBusy(false);
    if (input.current) input.current.value = '';
    await refresh();
  };

  const download = async () => {
    const got = await fetchFile(`/api/v1/space/${spaceId}/storage/eps/${nodeId}/passport`, { method: 'GET' });
    if (got && passport) saveBlob(got.blob, passport.name);
  };

  return (
    <div className="passport" data-testid="passport">
      <input
        ref={input}
        type="file"
        hidden
        data-testid="passport-input"
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      {passport ? (
        <span className="passport-file" data-testid="passport-file">
          {t('passport.file', {
            name: passport.name,
            size: `${megabytes(passport.size)} MB`,
            author: passport.author ?? '—',
            date: formatDateTime(passport.createdAt),
          })}
        </span>
      ) : (
        <span className="muted">{t('passport.none')}</span>
      )}
      <span className="passport-actions">
        {passport && (
          <Button onClick={() => void download()} data-testid="passport-download">
            {t('passport.download')}
          </Button>
        )}
        {editable && (
          <Button disabled={busy} onClick={() => input.current?.click()} data-testid="passport-upload">
            {passport ? t('passport.replace') : t('passport.upload')}
          </Button>
        )}
        {editable && passport && (
          <Button
            onClick={async () => {
              if (await confirmedDelete(t('passport.delete_confirm', { name: passport.name })))
                remove.mutate({ spaceId, nodeId });
            }}
          >
            {t('passport.delete')}
          </Button>
        )}
      </span>
    </div>
  );
}
