import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Badge, Button, Empty, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { describeFailure } from '../../lib/errors';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { api, trpc } from '../../lib/trpc';
import { dayHeading, dayText, parseAmount, quantityText, weekRange } from './format';
import { useWeek, WeekNav } from './WeekNav';
import './schedule-resources.css';

type Sheet = RouterOutputs['timesheets']['list'];
type Entry = Sheet['entries'][number];
type Notice = RouterOutputs['timesheets']['notifications'][number];

/**
 * Timesheets (capabilities, API): a week of the caller's hours per work, submitted to the works' curators; a
 * curator approves or declines a user's days (accepted-curator-dates). Notices of submissions and
 * decisions are listed and marked read.
 */
export function TimesheetDock({ versionId }: { versionId: string }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const { days, show } = useWeek();
  const canAccept = can('timesheets.accept');
  const canSubmit = can('timesheets.submit');
  const [mode, setMode] = useState<'mine' | 'accept'>(canSubmit || !canAccept ? 'mine' : 'accept');
  const notices = trpc.timesheets.notifications.useQuery({ spaceId });
  return (
    <section className="dock" aria-label={t('timesheet.title')} data-testid="timesheet-dock">
      <div className="dock-toolbar">
        <strong>{t('timesheet.title')}</strong>
        <WeekNav days={days} onShow={show} />
        {canAccept && (
          <fieldset className="segmented" aria-label={t('timesheet.mode')}>
            {(['mine', 'accept'] as const).map((m) => (
              <Button
                key={m}
                variant={mode === m ? 'primary' : 'secondary'}
                aria-pressed={mode === m}
                onClick={() => setMode(m)}
                data-testid={`timesheet-mode-${m}`}
              >
                {t(`timesheet.mode.${m}`)}
              </Button>
            ))}
          </fieldset>
        )}
      </div>
      <Notices notices={notices.data ?? []} onRead={() => void notices.refetch()} />
      {mode === 'mine' ? (
        <MyHours versionId={versionId} days={days} canSubmit={canSubmit} />
      ) : (
        <ToAccept versionId={versionId} days={days} />
      )}
    </section>
  );
}

function Notices({ notices, onRead }: { notices: readonly Notice[]; onRead: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  if (notices.length === 0) return null;
  const text = (n: Notice) => {
    const p = n.params as Record<string, string | number | string[]>;
    return n.kind === 'timesheet_submitted'
      ? t('timesheet.notice.submitted', {
          user: String(p.userName ?? ''),
          from: dayText(String(p.from)),
          to: dayText(String(p.to)),
          hours: quantityText(Number(p.hours)),
          schedule: String(p.scheduleName ?? ''),
        })
      : t('timesheet.notice.decided', {
          decision: p.decision === 'APPROVED' ? t('timesheet.approved') : t('timesheet.declined'),
          dates: (p.dates as string[]).map(dayText).join(', '),
          schedule: String(p.scheduleName ?? ''),
        });
  };
  return (
    <ul className="timesheet-notices" data-testid="timesheet-notices">
      {notices.map((n) => (
        <li key={n.id}>
          <span>{text(n)}</span>
          <Button
            variant="ghost"
            onClick={async () => {
              await api.timesheets.checkNotification.mutate({ spaceId, noticeId: n.id });
              onRead();
            }}
          >
            {t('timesheet.mark_read')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

const STATUS_TONE: Record<Entry['status'], 'neutral' | 'accent' | 'warn'> = {
  draft: 'neutral',
  submitted: 'accent',
  approved: 'accent',
  declined: 'warn',
};

/** The two answers to a day's submitted hours, as the buttons in its cell offer them. */
const DECISIONS = [
  { decision: 'APPROVED', label: 'timesheet.approve_at', sign: '✓', testId: 'timesheet-approve' },
  { decision: 'DECLINED', label: 'timesheet.decline_at', sign: '✕', testId: undefined },
] as const;

function MyHours({ versionId, days, canSubmit }: { versionId: string; days: string[]; canSubmit: boolean }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const sheet = trpc.timesheets.list.useQuery(
    { spaceId, versionId, ...weekRange(days) },
    { placeholderData: keepPreviousData },
  );
  const submit = trpc.timesheets.submit.useMutation({
    onSuccess: (r) => {
      notify('success', [t('timesheet.submitted', { count: r.submitted, curators: r.notified })]);
      void utils.timesheets.list.invalidate();
    },
  });
  const entries = sheet.data?.entries ?? [];
  const works = sheet.data?.works ?? [];
  const firstOpen = sheet.data?.editing.firstEditableDate ?? null;
  const entryOf = (workId: string, day: string) => entries.find((e) => e.workId === workId && e.date === day);
  // Revisions as the last save returned them, so typing through a row never trips over its own changes.
  const revisions = useRef(new Map<string, number>());
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    for (const e of entries) {
      const key = `${e.workId}:${e.date}`;
      if ((revisions.current.get(key) ?? 0) < e.revision) revisions.current.set(key, e.revision);
    }
  }, [entries]);

  const save = (workId: string, day: string, text: string) => {
    const hours = parseAmount(text);
    if (hours === undefined) return notify('error', [t('validation.not_a_number')]);
    const entry = entryOf(workId, day);
    if ((hours ?? 0) === (entry?.hours ?? 0)) return;
    queue.current = queue.current.then(async () => {
      const key = `${workId}:${day}`;
      try {
        const saved = await api.timesheets.save.mutate({
          spaceId,
          versionId,
          entries: [
            {
              workId,
              date: day,
              hours: hours ?? 0,
              revision: entry ? revisions.current.get(key) : undefined,
            },
          ],
        });
        for (const e of saved.entries) revisions.current.set(`${e.workId}:${e.date}`, e.revision);
        if (!hours) revisions.current.delete(key);
      } catch (error) {
        if (describeFailure(error, null).code === 'Conflict') notify('info', [t('grid.conflict_reloaded')]);
      } finally {
        void utils.timesheets.list.invalidate();
      }
    });
  };

  if (sheet.isLoading) return <Spinner />;
  if (works.length === 0) return <Empty>{t('timesheet.no_works')}</Empty>;
  const total = (day: string) => entries.filter((e) => e.date === day).reduce((sum, e) => sum + e.hours, 0);
  return (
    <div className="dock-body">
      <WeekTable testId="timesheet-table" first={t('leveling.work')} days={days}>
        {works.map((w) => (
          <tr key={w.workId} data-testid="timesheet-row">
            <td className="dock-work">
              {w.code ? `${w.code} ` : ''}
              {w.name}
            </td>
            {days.map((day) => {
              const entry = entryOf(w.workId, day);
              const locked =
                !canSubmit ||
                (firstOpen !== null && day < firstOpen) ||
                entry?.status === 'submitted' ||
                entry?.status === 'approved';
              return (
                <td key={day} className={`dock-cell timesheet-${entry?.status ?? 'empty'}`}>
                  <input
                    key={`${entry?.hours ?? ''}:${entry?.status ?? ''}`}
                    className="input dock-input"
                    inputMode="decimal"
                    aria-label={t('timesheet.hours_at', { name: w.name, date: dayText(day) })}
                    defaultValue={quantityText(entry?.hours)}
                    disabled={locked}
                    title={entry ? t(`timesheet.status.${entry.status}`) : undefined}
                    onBlur={(e) => save(w.workId, day, e.target.value)}
                  />
                </td>
              );
            })}
          </tr>
        ))}
        <tr className="dock-total">
          <td className="dock-work">{t('timesheet.total')}</td>
          {days.map((day) => (
            <td key={day} className="num">
              {quantityText(total(day))}
            </td>
          ))}
        </tr>
      </WeekTable>
      <div className="dock-footer">
        {(['draft', 'submitted', 'approved', 'declined'] as const).map((status) => (
          <Badge key={status} tone={STATUS_TONE[status]}>
            {t(`timesheet.status.${status}`)}:{' '}
            {quantityText(entries.filter((e) => e.status === status).reduce((s, e) => s + e.hours, 0))}
          </Badge>
        ))}
        <span className="schedule-toolbar-gap" />
        <Button
          variant="primary"
          disabled={!canSubmit || !entries.some((e) => e.status === 'draft' || e.status === 'declined')}
          busy={submit.isPending}
          onClick={() => submit.mutate({ spaceId, versionId, ...weekRange(days) })}
          data-testid="timesheet-submit"
        >
          {t('timesheet.submit_week')}
        </Button>
      </div>
    </div>
  );
}

/** A week's table: the first column's title, then a column per day; the rows are the caller's. */
function WeekTable({
  testId,
  first,
  days,
  children,
}: {
  testId: string;
  first: string;
  days: string[];
  children: ReactNode;
}) {
  return (
    <table className="table dock-table" data-testid={testId}>
      <thead>
        <tr>
          <th className="dock-work">{first}</th>
          {days.map((day) => {
            const h = dayHeading(day);
            return (
              <th key={day} className="dock-day">
                <span>{h.weekday}</span> <span>{h.day}</span>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function ToAccept({ versionId, days }: { versionId: string; days: string[] }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const sheet = trpc.timesheets.list.useQuery(
    { spaceId, versionId, ...weekRange(days), curated: true },
    { placeholderData: keepPreviousData },
  );
  const decide = trpc.timesheets.acceptDates.useMutation({
    onSuccess: (r) => {
      notify('success', [
        t(r.decision === 'APPROVED' ? 'timesheet.approved_count' : 'timesheet.declined_count', {
          count: r.count,
        }),
      ]);
      void utils.timesheets.list.invalidate();
    },
  });
  if (sheet.isLoading) return <Spinner />;
  const entries = (sheet.data?.entries ?? []).filter((e) => e.status !== 'draft');
  if (entries.length === 0) return <Empty>{t('timesheet.nothing_to_accept')}</Empty>;
  const users = sheet.data?.users ?? [];
  const userIds = [...new Set(entries.map((e) => e.userId))];
  const nameOf = (id: string) => {
    const u = users.find((x) => x.id === id);
    return u ? `${u.lastName} ${u.firstName}`.trim() || u.login : id;
  };
  /** Approves or declines one executor's hours of one day. */
  const decideDay = (userId: string, day: string, decision: 'APPROVED' | 'DECLINED') =>
    decide.mutate({ spaceId, versionId, userId, dates: [day], decision });
  return (
    <div className="dock-body">
      <WeekTable testId="timesheet-accept" first={t('resources.executor')} days={days}>
        {userIds.map((userId) => (
          <tr key={userId}>
            <td className="dock-work">{nameOf(userId)}</td>
            {days.map((day) => {
              const mine = entries.filter((e) => e.userId === userId && e.date === day);
              if (mine.length === 0) return <td key={day} />;
              const hours = mine.reduce((s, e) => s + e.hours, 0);
              const pending = mine.some((e) => e.status === 'submitted');
              const status = pending ? 'submitted' : mine[0]!.status;
              return (
                <td key={day} className={`dock-cell timesheet-${status}`}>
                  <div className="accept-cell">
                    <span>{quantityText(hours)}</span>
                    {pending ? (
                      DECISIONS.map(({ decision, label, sign, testId }) => (
                        <Button
                          key={decision}
                          variant="ghost"
                          aria-label={t(label, { name: nameOf(userId), date: dayText(day) })}
                          onClick={() => decideDay(userId, day, decision)}
                          data-testid={testId}
                        >
                          {sign}
                        </Button>
                      ))
                    ) : (
                      <Badge tone={STATUS_TONE[status]}>{t(`timesheet.status.${status}`)}</Badge>
                    )}
                  </div>
                </td>
              );
            })}
          </tr>
        ))}
      </WeekTable>
    </div>
  );
}
