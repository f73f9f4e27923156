import {
  isRemoteUrl,
  type JobErrorInfo,
  jobErrorMessage,
  REMOTE_VALIDATION,
  type RemoteSpace,
} from '@takt/contracts';
import { useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { Badge, Button, Card, Empty, PasswordField, ProgressBar, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { FieldError } from '../../lib/form';
import { type Translate, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { useJobProgress } from './backup-model';

/** The backups tab's card that opens the copy from another Takt server (docs/product-rules.md, "Remote spaces"). */
export function RemoteCopyCard() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Card
      title={t('remote.title')}
      description={t('remote.intro')}
      actions={
        <Button onClick={() => setOpen(true)} data-testid="remote-copy-open">
          {t('remote.open')}
        </Button>
      }
    >
      {open && <RemoteCopyDialog onClose={() => setOpen(false)} />}
    </Card>
  );
}

type CopyReport = { spaceId?: string; name?: string; skippedRows?: number } | null;

/**
 * The other server's address and the caller's token there → its spaces → one picked (only those the caller
 * administers there) with the copy's name → the copy as a job with its progress → a link to the new space.
 */
function RemoteCopyDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [urlError, setUrlError] = useState<FieldError | undefined>();
  const [picked, setPicked] = useState<RemoteSpace | null>(null);
  const [name, setName] = useState('');
  const [jobId, setJobId] = useState<string | null>(null);
  const list = trpc.remoteSpaces.list.useMutation();
  const copy = trpc.remoteSpaces.copy.useMutation({ onSuccess: (job) => setJobId(job.id) });
  const job = useJobProgress(spaceId, jobId);
  const state = job.data?.state;
  const report = (job.data?.report ?? null) as CopyReport;
  const [refreshed, setRefreshed] = useState(false);
  if (state === 'completed' && !refreshed) {
    setRefreshed(true);
    void utils.users.spaces.invalidate();
  }
  const running = !!jobId && (!state || state === 'queued' || state === 'running');

  const showSpaces = () => {
    if (!isRemoteUrl(url)) {
      setUrlError({ message: REMOTE_VALIDATION.url });
      return;
    }
    setUrlError(undefined);
    setPicked(null);
    list.mutate({ spaceId, url: url.trim(), token: token.trim() });
  };
  const start = () => {
    if (!picked) return;
    copy.mutate({
      spaceId,
      url: url.trim(),
      token: token.trim(),
      remoteSpaceId: picked.id,
      ...(name.trim() ? { name: name.trim() } : {}),
    });
  };

  return (
    <FormDialog
      title={t('remote.title')}
      testId="remote-copy-dialog"
      wide
      submitLabel={jobId ? undefined : t('remote.copy')}
      busy={copy.isPending || running}
      onSubmit={jobId || !picked ? undefined : start}
      onClose={onClose}
    >
      {!jobId && (
        <div className="stack remote-copy">
          <TextField
            label={t('remote.url')}
            value={url}
            placeholder="https://takt.example.com"
            onChange={setUrl}
            error={urlError}
            data-testid="remote-url"
          />
          <PasswordField
            label={t('remote.token')}
            value={token}
            onChange={setToken}
            autoComplete="off"
            hint={t('remote.token_hint')}
            data-testid="remote-token"
          />
          <div>
            <Button
              busy={list.isPending}
              disabled={!url.trim() || !token.trim()}
              onClick={showSpaces}
              data-testid="remote-list"
            >
              {t('remote.list')}
            </Button>
          </div>
          {list.data && <RemoteSpaces spaces={list.data} picked={picked} onPick={setPicked} t={t} />}
          {picked && (
            <TextField
              label={t('remote.name')}
              value={name}
              placeholder={picked.name}
              onChange={setName}
              data-testid="remote-name"
            />
          )}
        </div>
      )}
      {running && (
        <ProgressBar
          value={job.data?.progress ?? 0}
          label={t('remote.copying', { progress: job.data?.progress ?? 0 })}
        />
      )}
      {state === 'completed' && (
        <p className="restore-outcome" data-testid="remote-copy-outcome">
          {t('remote.done', { name: report?.name ?? '' })}
          {report?.skippedRows ? ` ${t('remote.skipped', { count: report.skippedRows })}` : ''}{' '}
          {report?.spaceId && <a href={`/${report.spaceId}/structure`}>{t('remote.open_space')}</a>}
        </p>
      )}
      {(state === 'failed' || state === 'stopped') && (
        <p className="field-error" role="alert" data-testid="remote-copy-outcome">
          {failureText(t, job.data?.error as JobErrorInfo | null | undefined)}
        </p>
      )}
    </FormDialog>
  );
}

function failureText(t: Translate, error: JobErrorInfo | null | undefined): string {
  if (!error) return t('errors.UnknownException');
  const { id, params } = jobErrorMessage(error);
  return t(id as Parameters<Translate>[0], params);
}

function RemoteSpaces({
  spaces,
  picked,
  onPick,
  t,
}: {
  spaces: RemoteSpace[];
  picked: RemoteSpace | null;
  onPick: (space: RemoteSpace) => void;
  t: Translate;
}) {
  if (spaces.length === 0) return <Empty>{t('remote.no_spaces')}</Empty>;
  return (
    <fieldset className="restore-modes" data-testid="remote-spaces">
      <legend>{t('remote.spaces')}</legend>
      {spaces.map((s) => (
        <label key={s.id} className="check">
          <input
            type="radio"
            name="remote-space"
            disabled={!s.canCopy}
            checked={picked?.id === s.id}
            onChange={() => onPick(s)}
          />
          <span>
            {s.name}
            {!s.canCopy && (
              <>
                {' '}
                <Badge>{t('remote.not_admin')}</Badge>
              </>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
