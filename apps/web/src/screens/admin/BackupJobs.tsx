import { BACKUP_PERIODICITIES, type BackupPeriodicity } from '@takt/contracts';
import { formatDateTime, weekdayNames } from '@takt/i18n';
import { useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import { Icon } from '../../components/icons';
import { PlainTable } from '../../components/table';
import {
  Badge,
  Button,
  Card,
  Empty,
  IntegerField,
  SelectField,
  Switch,
  TextField,
} from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { fileSizeText } from '../../lib/file-size';
import type { FieldErrors } from '../../lib/form';
import { type Translate, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { type Backups, backupDate, lang, type Schedule, useProjects } from './backup-model';

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

/** The space's backup jobs: each one's periodicity, what it backs up, its next and last runs and history. */
export function BackupJobs({ backups }: { backups: Backups }) {
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
      remove.mutate({ spaceId, backupJobId: s.id, revision: s.revision });
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
                      ? fileSizeText(t, b.size)
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
          ? update.mutate({ ...fields, backupJobId: schedule.id, revision: schedule.revision })
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
