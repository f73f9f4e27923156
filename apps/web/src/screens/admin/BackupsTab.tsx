import {
  BACKUP_PERIODICITIES,
  type BackupPeriodicity,
  type Language,
  LIMITS,
  type RestoreMode,
} from '@takt/contracts';
import { formatDateTime, formatNumber, weekdayNames } from '@takt/i18n';
import { useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import { DownloadButton } from '../../components/download-button';
import { Icon } from '../../components/icons';
import { PlainTable } from '../../components/table';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Empty,
  IntegerField,
  ProgressBar,
  SelectField,
  Spinner,
  Switch,
  TextField,
} from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import type { FieldErrors } from '../../lib/form';
import { appI18n, type Translate, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import './backups.css';

type Backups = RouterOutputs['backups']['list'];
type Backup = Backups[number];
type Schedule = RouterOutputs['backups']['schedules']['list'][number];

const lang = () => appI18n.locale as Language;

function sizeText(t: Translate, bytes: number): string {
  if (bytes < 1024) return t('chat.size.bytes', { n: bytes });
  if (bytes < 1024 * 1024) return t('chat.size.kb', { n: Math.round(bytes / 1024) });
  return t('chat.size.mb', { n: formatNumber(bytes / (1024 * 1024), lang(), 1) });
}

const backupDate = (b: Backup) => formatDateTime(b.takenAt ?? b.createdAt);
const scopeText = (t: Translate, b: { scope: string; name: string }) =>
  b.scope === 'space'
    ? t('backups.scope_space', { name: b.name })
    : t('backups.scope_project', { name: b.name });

/**
 * The administration's backups (docs/product-rules.md, "Backups"): the space's backups with who took them,
 * taking one of the space or of a project, downloading, deleting and restoring one (over what it was taken
 * of, after a confirmation, or as a new space or project), and the backup jobs with their schedules and history.
 */
export function BackupsTab() {
  const t = useT();
  const { spaceId } = useSpace();
  const backups = trpc.backups.list.useQuery(
    { spaceId },
    {
      refetchInterval: (q) =>
        q.state.data?.some((b) => b.state === 'queued' || b.state === 'running') ? 1000 : false,
    },
  );
  const [restoring, setRestoring] = useState<Backup | null>(null);
  if (!backups.data) return <Spinner />;
  return (
    <div className="stack" data-testid="backups-tab">
      <Card title={t('backups.title')} description={t('backups.intro')} actions={<CreateBackup />}>
        <BackupTable backups={backups.data} onRestore={setRestoring} />
      </Card>
      <BackupJobs backups={backups.data} />
      {restoring && <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} />}
    </div>
  );
}

function useProjects() {
  const { spaceId } = useSpace();
  const eps = trpc.eps.list.useQuery({ spaceId });
  return (eps.data ?? []).filter((n) => n.kind === 'project');
}

function CreateBackup() {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const projects = useProjects();
  const [projectId, setProjectId] = useState('');
  const create = trpc.backups.create.useMutation({
    onSuccess: () => void utils.backups.list.invalidate({ spaceId }),
  });
  return (
    <div className="backup-create">
      <Button
        variant="primary"
        busy={create.isPending && !create.variables?.projectId}
        onClick={() => create.mutate({ spaceId })}
        data-testid="backup-space"
      >
        <Icon name="plus" />
        {t('backups.create_space')}
      </Button>
      <select
        className="input select"
        aria-label={t('backups.choose_project')}
        value={projectId}
        onChange={(e) => setProjectId(e.target.value)}
        data-testid="backup-project-select"
      >
        <option value="">{t('backups.choose_project')}</option>
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <Button
        disabled={!projectId}
        busy={create.isPending && !!create.variables?.projectId}
        onClick={() => create.mutate({ spaceId, projectId })}
        data-testid="backup-project"
      >
        {t('backups.create_project')}
      </Button>
    </div>
  );
}

function StateCell({ backup }: { backup: Backup }) {
  const t = useT();
  if (backup.state === 'completed')
    return (
      <span className="backup-state">
        <Badge tone="accent">{t('backups.state_completed')}</Badge>
        <span className="muted">{t('backups.rows', { rows: backup.rows, files: backup.files })}</span>
      </span>
    );
  if (backup.state === 'failed') return <Badge tone="warn">{t('backups.state_failed')}</Badge>;
  if (backup.state === 'running')
    return <span>{t('backups.state_running', { progress: backup.progress })}</span>;
  return <span>{t('backups.state_queued')}</span>;
}

function BackupTable({ backups, onRestore }: { backups: Backups; onRestore: (b: Backup) => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const remove = trpc.backups.delete.useMutation({
    onSuccess: () => void utils.backups.list.invalidate({ spaceId }),
  });
  if (backups.length === 0) return <Empty>{t('backups.empty')}</Empty>;
  const ask = async (b: Backup) => {
    if (await confirmedDelete(t('backups.delete'), t('backups.delete_confirm', { date: backupDate(b) })))
      remove.mutate({ spaceId, backupId: b.id });
  };
  return (
    <PlainTable
      testId="backups"
      heads={[
        t('backups.col_date'),
        t('backups.col_what'),
        t('backups.col_size'),
        t('backups.col_by'),
        t('backups.col_state'),
        { label: t('common.actions'), className: 'cell-actions' },
      ]}
    >
      {backups.map((b) => (
        <tr key={b.id} data-testid={`backup-${b.id}`}>
          <td className="nowrap">{backupDate(b)}</td>
          <td>
            {scopeText(t, b)}
            {b.backupJobId && (
              <>
                {' '}
                <Badge>{t('backups.by_job')}</Badge>
              </>
            )}
          </td>
          <td className="nowrap">{b.state === 'completed' ? sizeText(t, b.size) : '—'}</td>
          <td>{b.createdByName ?? t('common.none')}</td>
          <td>
            <StateCell backup={b} />
          </td>
          <td className="cell-actions">
            {b.state === 'completed' && (
              <>
                <DownloadButton
                  className="btn btn-ghost"
                  path={`/api/v1/space/${spaceId}/backups/${b.id}/download`}
                  name={`takt-backup-${b.scope}-${(b.takenAt ?? b.createdAt).slice(0, 10)}.jsonl.gz`}
                >
                  {t('backups.download')}
                </DownloadButton>
                <Button variant="ghost" onClick={() => onRestore(b)} data-testid="backup-restore">
                  {t('backups.restore')}
                </Button>
              </>
            )}
            {(b.state === 'completed' || b.state === 'failed') && (
              <Button variant="ghost" busy={remove.isPending} onClick={() => void ask(b)}>
                <Icon name="trash" />
                {t('backups.delete')}
              </Button>
            )}
          </td>
        </tr>
      ))}
    </PlainTable>
  );
}

/** What a finished restore says: the spec's success or warning message with the backup's date. */
function outcomeText(t: Translate, report: { skippedRows?: number; takenAt?: string } | null) {
  const date = report?.takenAt ? formatDateTime(report.takenAt) : '';
  return report?.skippedRows
    ? t('backups.restore_warning', { date, count: report.skippedRows })
    : t('backups.restore_success', { date });
}

function RestoreDialog({ backup, onClose }: { backup: Backup; onClose: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const gone = backup.scope === 'project' && backup.projectExists === false;
  const [mode, setMode] = useState<RestoreMode>('replace');
  const [name, setName] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = trpc.backups.restore.useMutation({ onSuccess: (job) => setJobId(job.id) });
  const job = trpc.interchange.job.useQuery(
    { spaceId, jobId: jobId ?? '' },
    {
      enabled: !!jobId,
      refetchInterval: (q) =>
        q.state.data && !['queued', 'running'].includes(q.state.data.state) ? false : 500,
    },
  );
  const state = job.data?.state;
  const report = (job.data?.report ?? null) as {
    skippedRows?: number;
    takenAt?: string;
    spaceId?: string;
  } | null;
  const finished = state === 'completed';
  const [told, setTold] = useState(false);
  if (finished && !told) {
    setTold(true);
    notify(report?.skippedRows ? 'info' : 'success', [outcomeText(t, report)], LIMITS.restoreNotificationMs);
    void utils.invalidate();
  }
  const date = backupDate(backup);
  const needsConfirm = mode === 'replace' && !gone;
  return (
    <FormDialog
      title={t('backups.restore_title', { date })}
      testId="restore-dialog"
      submitLabel={t('backups.restore_start')}
      busy={start.isPending || (!!jobId && !state) || state === 'queued' || state === 'running'}
      onSubmit={
        jobId
          ? undefined
          : () => {
              if (needsConfirm && !understood) return;
              start.mutate({
                spaceId,
                backupId: backup.id,
                mode,
                ...(mode === 'new' && name.trim() ? { name: name.trim() } : {}),
              });
            }
      }
      onClose={onClose}
    >
      {!jobId && (
        <fieldset className="restore-modes">
          <label className="check">
            <input
              type="radio"
              name="restore-mode"
              checked={mode === 'replace'}
              onChange={() => setMode('replace')}
            />
            <span>
              {gone
                ? t('backups.restore_replace_gone', { name: backup.name })
                : t('backups.restore_replace', { name: backup.name })}
            </span>
          </label>
          <label className="check">
            <input
              type="radio"
              name="restore-mode"
              checked={mode === 'new'}
              onChange={() => setMode('new')}
            />
            <span>
              {backup.scope === 'space' ? t('backups.restore_new_space') : t('backups.restore_new_project')}
            </span>
          </label>
          {mode === 'new' && (
            <TextField
              label={t('backups.restore_name')}
              value={name}
              placeholder={backup.name}
              onChange={setName}
            />
          )}
          {needsConfirm && (
            <div className="restore-warning" role="alert">
              <p>{t('backups.restore_replace_hint', { name: backup.name })}</p>
              <Checkbox label={t('backups.restore_confirm')} checked={understood} onChange={setUnderstood} />
            </div>
          )}
        </fieldset>
      )}
      {jobId && !finished && state !== 'failed' && state !== 'stopped' && (
        <ProgressBar
          value={job.data?.progress ?? 0}
          label={t('backups.restoring', { progress: job.data?.progress ?? 0 })}
        />
      )}
      {finished && (
        <p
          className={report?.skippedRows ? 'restore-outcome restore-outcome-warn' : 'restore-outcome'}
          data-testid="restore-outcome"
        >
          {outcomeText(t, report)}
          {backup.scope === 'space' && mode === 'new' && report?.spaceId && (
            <>
              {' '}
              <a href={`/${report.spaceId}/structure`}>{t('backups.open_new_space')}</a>
            </>
          )}
        </p>
      )}
      {(state === 'failed' || state === 'stopped') && (
        <p className="field-error" role="alert" data-testid="restore-outcome">
          {t('backups.restore_failed', {
            reason: job.data?.error ? t(`errors.${job.data.error.code}` as Parameters<Translate>[0]) : '',
          })}
        </p>
      )}
    </FormDialog>
  );
}

function periodText(t: Translate, s: Schedule): string {
  const days = weekdayNames(lang(), 'long');
  const day = (weekday: number) => days[(weekday + 6) % 7];
  switch (s.periodicity) {
    case 'daily':
      return `${t('backups.periodicity_daily')}, ${s.time} UTC`;
    case 'weekly':
    case '2weekly':
    case 'Fortnightly':
      return `${t(`backups.periodicity_${s.periodicity as BackupPeriodicity}`)}, ${day(s.weekday)}, ${s.time} UTC`;
    case 'monthly':
      return `${t('backups.periodicity_monthly')}, ${s.dayOfMonth}, ${s.time} UTC`;
    default:
      return `cron: ${s.cron}`;
  }
}

function BackupJobs({ backups }: { backups: Backups }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const schedules = trpc.backups.schedules.list.useQuery({ spaceId });
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const remove = trpc.backups.schedules.delete.useMutation({
    onSuccess: () => void utils.backups.schedules.list.invalidate({ spaceId }),
  });
  const ask = async (s: Schedule) => {
    if (await confirmedDelete(t('backups.job_delete'), t('backups.job_delete_confirm')))
      remove.mutate({ spaceId, backupJobId: s.id });
  };
  const list = schedules.data ?? [];
  return (
    <Card
      title={t('backups.jobs')}
      actions={
        <Button onClick={() => setEditing('new')} data-testid="backup-job-add">
          <Icon name="plus" />
          {t('backups.job_add')}
        </Button>
      }
    >
      {list.length === 0 ? (
        <Empty>{t('backups.jobs_empty')}</Empty>
      ) : (
        <PlainTable
          testId="backup-jobs"
          heads={[
            t('backups.job_what'),
            t('backups.periodicity'),
            t('backups.keep'),
            t('backups.next_run'),
            t('backups.last_run'),
            { label: t('common.actions'), className: 'cell-actions' },
          ]}
        >
          {list.map((s) => {
            const history = backups.filter((b) => b.backupJobId === s.id);
            return (
              <ScheduleRow
                key={s.id}
                schedule={s}
                history={history}
                open={open === s.id}
                onToggle={() => setOpen(open === s.id ? null : s.id)}
                onEdit={() => setEditing(s)}
                onDelete={() => void ask(s)}
              />
            );
          })}
        </PlainTable>
      )}
      {editing && (
        <ScheduleDialog schedule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}

function ScheduleRow({
  schedule: s,
  history,
  open,
  onToggle,
  onEdit,
  onDelete,
}: {
  schedule: Schedule;
  history: Backups;
  open: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <>
      <tr data-testid={`backup-job-${s.id}`}>
        <td>
          {s.scope === 'space' ? t('backups.whole_space') : (s.projectName ?? '—')}
          {!s.enabled && (
            <>
              {' '}
              <Badge tone="warn">{t('backups.disabled')}</Badge>
            </>
          )}
        </td>
        <td>{periodText(t, s)}</td>
        <td>{s.keep}</td>
        <td className="nowrap">{s.enabled ? formatDateTime(s.nextRunAt) : '—'}</td>
        <td className="nowrap">{s.lastRunAt ? formatDateTime(s.lastRunAt) : t('backups.never')}</td>
        <td className="cell-actions">
          <Button variant="ghost" onClick={onToggle} aria-expanded={open}>
            {t('backups.history', { count: history.length })}
          </Button>
          <Button variant="ghost" onClick={onEdit} aria-label={t('backups.job_edit')}>
            {t('common.edit')}
          </Button>
          <Button variant="ghost" onClick={onDelete} aria-label={t('backups.job_delete')}>
            <Icon name="trash" />
            {t('common.delete')}
          </Button>
        </td>
      </tr>
      {open && (
        <tr className="backup-history">
          <td colSpan={6}>
            {history.length === 0 ? (
              <Empty>{t('backups.empty')}</Empty>
            ) : (
              <ul>
                {history.map((b) => (
                  <li key={b.id}>
                    {backupDate(b)} —{' '}
                    {b.state === 'completed'
                      ? sizeText(t, b.size)
                      : t(`backups.state_${b.state}` as Parameters<Translate>[0], { progress: b.progress })}
                  </li>
                ))}
              </ul>
            )}
          </td>
        </tr>
      )}
    </>
  );
}

function ScheduleDialog({ schedule, onClose }: { schedule: Schedule | null; onClose: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const projects = useProjects();
  const [projectId, setProjectId] = useState(schedule?.projectId ?? '');
  const [periodicity, setPeriodicity] = useState<BackupPeriodicity>(schedule?.periodicity ?? 'daily');
  const [time, setTime] = useState(schedule?.time ?? '02:00');
  const [weekday, setWeekday] = useState(schedule?.weekday ?? 1);
  const [dayOfMonth, setDayOfMonth] = useState(String(schedule?.dayOfMonth ?? 1));
  const [cron, setCron] = useState(schedule?.cron ?? '');
  const [keep, setKeep] = useState(String(schedule?.keep ?? 7));
  const [enabled, setEnabled] = useState(schedule?.enabled ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const done = () => {
    void utils.backups.schedules.list.invalidate({ spaceId });
    onClose();
  };
  const showIssues = (error: { data?: unknown }) => {
    const issues = (error.data as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? [];
    setErrors(Object.fromEntries(issues.map((i) => [i.path, { message: i.message }])));
  };
  // the issues show at their fields, not as a notification as well
  const shown = { trpc: { context: { showsIssues: true } }, onSuccess: done, onError: showIssues };
  const create = trpc.backups.schedules.create.useMutation(shown);
  const update = trpc.backups.schedules.update.useMutation(shown);
  const fields = {
    spaceId,
    periodicity,
    time,
    weekday,
    dayOfMonth: Number(dayOfMonth) || 0,
    ...(periodicity === 'cron' ? { cron } : {}),
    keep: Number(keep) || 0,
    enabled,
  };
  const days = weekdayNames(lang(), 'long');
  return (
    <FormDialog
      title={schedule ? t('backups.job_edit') : t('backups.job_add')}
      testId="backup-job-dialog"
      submitLabel={t('backups.save')}
      busy={create.isPending || update.isPending}
      onSubmit={() =>
        schedule
          ? update.mutate({ ...fields, backupJobId: schedule.id })
          : create.mutate({ ...fields, ...(projectId ? { projectId } : {}) })
      }
      onClose={onClose}
    >
      {!schedule && (
        <SelectField
          label={t('backups.job_what')}
          value={projectId}
          onChange={setProjectId}
          options={[
            { value: '', label: t('backups.whole_space') },
            ...projects.map((p) => ({ value: p.id, label: t('backups.scope_project', { name: p.name }) })),
          ]}
        />
      )}
      <div className="form-grid">
        <SelectField
          label={t('backups.periodicity')}
          value={periodicity}
          onChange={(v) => setPeriodicity(v as BackupPeriodicity)}
          options={BACKUP_PERIODICITIES.map((p) => ({ value: p, label: t(`backups.periodicity_${p}`) }))}
          data-testid="backup-job-periodicity"
        />
        {periodicity !== 'cron' && (
          <TextField
            label={t('backups.time')}
            type="time"
            value={time}
            onChange={setTime}
            error={errors.time}
          />
        )}
        {(periodicity === 'weekly' || periodicity === '2weekly' || periodicity === 'Fortnightly') && (
          <SelectField
            label={t('backups.weekday')}
            value={String(weekday)}
            onChange={(v) => setWeekday(Number(v))}
            // Monday first, as the week is shown; the value is cron's (0 Sunday … 6 Saturday)
            options={days.map((name, i) => ({ value: String((i + 1) % 7), label: name }))}
          />
        )}
        {periodicity === 'monthly' && (
          <IntegerField
            label={t('backups.day_of_month')}
            value={dayOfMonth}
            onChange={setDayOfMonth}
            min={1}
            max={28}
            error={errors.dayOfMonth}
          />
        )}
        {periodicity === 'cron' && (
          <TextField
            label={t('backups.cron')}
            hint={t('backups.cron_hint')}
            value={cron}
            onChange={setCron}
            error={errors.cron}
            data-testid="backup-job-cron"
          />
        )}
        <IntegerField
          label={t('backups.keep')}
          value={keep}
          onChange={setKeep}
          min={1}
          max={100}
          error={errors.keep}
        />
      </div>
      <Switch label={t('backups.enabled')} checked={enabled} onChange={setEnabled} />
    </FormDialog>
  );
}
