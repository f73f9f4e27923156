import { requiredText } from '@takt/contracts';
import { weekdayOrder } from '@takt/i18n';
import { useEffect, useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { SplitPicker } from '../../components/split-picker';
import { Badge, Button, Card, Checkbox, PageHeader, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { appI18n, useT, weekRule } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { formatIsoDay, formatNumber, isoDay, parseNumberText } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import '../schedule/schedule.css';
import './calendars.css';

type Calendar = RouterOutputs['calendars']['list'][number];
type Interval = { start: string; finish: string };
type Exception = Calendar['exceptions'][number];

const FIVE_DAY: Interval[][] = [0, 1, 2, 3, 4, 5, 6].map((d) =>
  d < 5
    ? [
        { start: '08:00', finish: '12:00' },
        { start: '13:00', finish: '17:00' },
      ]
    : [],
);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** Intervals typed as "08:00-12:00, 13:00-17:00"; null when the text is not such a list. */
export function parseIntervals(text: string): Interval[] | null {
  if (!text.trim()) return [];
  const out: Interval[] = [];
  for (const part of text.split(/[,;]/)) {
    const [start, finish] = part.split('-').map((x) => x.trim().padStart(5, '0'));
    if (!start || !finish || !TIME.test(start) || !TIME.test(finish) || minutesOf(start) >= minutesOf(finish))
      return null;
    out.push({ start, finish });
  }
  return out;
}
const intervalsText = (intervals: Interval[]) => intervals.map((i) => `${i.start}-${i.finish}`).join(', ');

/** Calendars (screens and routes): list, default calendar, the work week drawn as 7 day bars, exceptions on a month grid. */
export function CalendarsPage() {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const list = trpc.calendars.list.useQuery({ spaceId });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const refresh = () => void utils.calendars.list.invalidate();
  const create = trpc.calendars.create.useMutation({
    onSuccess: (c) => {
      refresh();
      setSelectedId(c.id);
    },
  });
  const setDefault = trpc.calendars.setDefault.useMutation({ onSuccess: refresh });
  const remove = trpc.calendars.delete.useMutation({
    onSuccess: () => {
      refresh();
      setSelectedId(null);
    },
  });
  const editable = can('calendars.edit');
  const calendars = list.data ?? [];
  const selected = calendars.find((c) => c.id === selectedId) ?? calendars[0];

  return (
    <div className="page page-wide" data-testid="calendars-page">
      <PageHeader
        title={t('screen.calendars')}
        subtitle={t('calendars.subtitle')}
        add={{
          label: t('calendars.new'),
          disabled: !editable,
          busy: create.isPending,
          onClick: () =>
            create.mutate({
              spaceId,
              name: t('calendars.new_name', { n: calendars.length + 1 }),
              week: FIVE_DAY,
              hoursPerDay: 8,
              allDay: false,
              exceptions: [],
            }),
          testId: 'calendar-create',
        }}
      />
      <SplitPicker
        loading={list.isLoading}
        items={calendars}
        empty={t('calendars.empty')}
        chosenId={selected?.id}
        onChoose={(c) => setSelectedId(c.id)}
        badge={(c) => c.isDefault && <Badge tone="accent">{t('calendars.default')}</Badge>}
      >
        {selected && (
          <CalendarEditor
            key={`${selected.id}-${selected.revision}`}
            calendar={selected}
            editable={editable}
            onSaved={refresh}
            onDefault={() => setDefault.mutate({ spaceId, calendarId: selected.id })}
            onDelete={async () => {
              if (await confirmedDelete(t('calendars.delete_title', { name: selected.name })))
                remove.mutate({ spaceId, calendarId: selected.id });
            }}
          />
        )}
      </SplitPicker>
    </div>
  );
}

function CalendarEditor({
  calendar,
  editable,
  onSaved,
  onDefault,
  onDelete,
}: {
  calendar: Calendar;
  editable: boolean;
  onSaved: () => void;
  onDefault: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [name, setName] = useState(calendar.name);
  const [allDay, setAllDay] = useState(calendar.allDay);
  const [hours, setHours] = useState(
    calendar.hoursPerDay === null ? '' : formatNumber(calendar.hoursPerDay, appI18n.locale),
  );
  const [week, setWeek] = useState<Interval[][]>(calendar.week);
  const [exceptions, setExceptions] = useState<Exception[]>(calendar.exceptions);
  const [nameError, setNameError] = useState<string | undefined>();
  const update = trpc.calendars.update.useMutation({
    onSuccess: () => {
      notify('success', [t('common.saved')]);
      onSaved();
    },
  });
  const weekdays = t('calendars.weekdays').split(',');

  const save = () => {
    const checked = requiredText.safeParse(name);
    if (!checked.success) return setNameError(checked.error.issues[0]?.message);
    const hoursPerDay = parseNumberText(hours);
    update.mutate({
      spaceId,
      calendarId: calendar.id,
      revision: calendar.revision,
      name: checked.data,
      allDay,
      hoursPerDay: hoursPerDay === null || Number.isNaN(hoursPerDay) ? null : hoursPerDay,
      week,
      exceptions,
    });
  };

  return (
    <Card
      className="calendar-editor"
      title={calendar.name}
      actions={
        <>
          {!calendar.isDefault && (
            <Button disabled={!editable} onClick={onDefault}>
              {t('calendars.make_default')}
            </Button>
          )}
          <Button variant="danger" disabled={!editable || calendar.isDefault} onClick={onDelete}>
            {t('common.delete')}
          </Button>
          <Button
            variant="primary"
            disabled={!editable}
            busy={update.isPending}
            onClick={save}
            data-testid="calendar-save"
          >
            {t('common.save')}
          </Button>
        </>
      }
    >
      <div className="form-grid calendar-fields">
        <TextField
          label={t('eps.name')}
          value={name}
          onChange={(v) => {
            setName(v);
            setNameError(undefined);
          }}
          error={nameError ? { message: nameError } : undefined}
        />
        <TextField
          label={t('calendars.hours_per_day')}
          value={hours}
          onChange={setHours}
          inputMode="decimal"
        />
        <Checkbox label={t('calendars.all_day')} checked={allDay} onChange={setAllDay} />
      </div>
      <h3 className="panel-title">{t('calendars.week')}</h3>
      <div className="week" data-testid="work-week">
        <div className="week-scale" aria-hidden="true">
          {[0, 6, 12, 18, 24].map((h) => (
            <span key={h} style={{ left: `${(h / 24) * 100}%` }}>
              {String(h).padStart(2, '0')}
            </span>
          ))}
        </div>
        {week.map((intervals, day) => (
          <WeekDay
            // biome-ignore lint/suspicious/noArrayIndexKey: the seven days are fixed positions
            key={day}
            label={weekdays[day] ?? String(day + 1)}
            intervals={intervals}
            editable={editable}
            onChange={(next) => setWeek((w) => w.map((d, i) => (i === day ? next : d)))}
          />
        ))}
      </div>
      <h3 className="panel-title">{t('calendars.exceptions')}</h3>
      <ExceptionsMonth exceptions={exceptions} week={week} editable={editable} onChange={setExceptions} />
    </Card>
  );
}

function WeekDay({
  label,
  intervals,
  editable,
  onChange,
}: {
  label: string;
  intervals: Interval[];
  editable: boolean;
  onChange: (intervals: Interval[]) => void;
}) {
  const t = useT();
  const [text, setText] = useState(intervalsText(intervals));
  const [error, setError] = useState(false);
  useEffect(() => setText(intervalsText(intervals)), [intervals]);
  const working = intervals.length > 0;
  return (
    <div className="week-day">
      <label className="week-label check">
        <input
          type="checkbox"
          checked={working}
          disabled={!editable}
          onChange={(e) => onChange(e.target.checked ? FIVE_DAY[0]! : [])}
        />
        <span>{label}</span>
      </label>
      <div
        className="week-bar"
        role="img"
        aria-label={`${label}: ${intervalsText(intervals) || t('calendars.day_off')}`}
      >
        {intervals.map((i) => (
          <span
            key={`${i.start}-${i.finish}`}
            className="week-interval"
            style={{
              left: `${(minutesOf(i.start) / 1440) * 100}%`,
              width: `${((minutesOf(i.finish) - minutesOf(i.start)) / 1440) * 100}%`,
            }}
          />
        ))}
      </div>
      <input
        className={`input input-compact week-text${error ? ' input-invalid' : ''}`}
        aria-label={t('calendars.intervals_of', { day: label })}
        aria-invalid={error || undefined}
        value={text}
        disabled={!editable}
        placeholder={t('calendars.day_off')}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          const parsed = parseIntervals(text);
          setError(parsed === null);
          if (parsed) onChange(parsed);
        }}
      />
    </div>
  );
}

function ExceptionsMonth({
  exceptions,
  week,
  editable,
  onChange,
}: {
  exceptions: Exception[];
  week: Interval[][];
  editable: boolean;
  onChange: (exceptions: Exception[]) => void;
}) {
  const t = useT();
  const today = new Date();
  const [month, setMonth] = useState({ year: today.getFullYear(), month: today.getMonth() + 1 });
  const [day, setDay] = useState<string | null>(null);
  const [text, setText] = useState('');
  // the headers in the user's week order (Monday first unless the locale starts weeks elsewhere)
  const rule = weekRule();
  const weekdayWords = t('calendars.weekdays').split(',');
  const weekdays = weekdayOrder(rule).map((iso) => weekdayWords[iso - 1]!);
  const months = t('calendars.months').split(',');
  const exceptionOf = (iso: string) =>
    exceptions.find((e) => e.date === iso || (e.until && e.date <= iso && iso <= e.until));
  const first = new Date(Date.UTC(month.year, month.month - 1, 1));
  const firstWeekday = (first.getUTCDay() + 6) % 7; // Monday = 0, as the calendar's week is kept
  const offset = (firstWeekday - (rule.firstDay - 1) + 7) % 7;
  const days = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
  const cells = [...Array(offset).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  const shiftMonth = (delta: number) =>
    setMonth((m) => {
      const index = m.year * 12 + m.month - 1 + delta;
      return { year: Math.floor(index / 12), month: (index % 12) + 1 };
    });
  const toggle = (iso: string) => {
    const existing = exceptionOf(iso);
    if (existing) onChange(exceptions.filter((e) => e !== existing));
    else
      onChange(
        [...exceptions, { date: iso, until: null, name: null, intervals: [] }].sort((a, b) =>
          a.date < b.date ? -1 : 1,
        ),
      );
  };
  const setIntervals = () => {
    if (!day) return;
    const parsed = parseIntervals(text);
    if (parsed === null) return;
    const rest = exceptions.filter((e) => e.date !== day);
    onChange(
      [...rest, { date: day, until: null, name: exceptionOf(day)?.name ?? null, intervals: parsed }].sort(
        (a, b) => (a.date < b.date ? -1 : 1),
      ),
    );
  };
  return (
    <div className="month" data-testid="exceptions-month">
      <div className="month-nav">
        <Button variant="ghost" onClick={() => shiftMonth(-1)} aria-label={t('calendars.prev_month')}>
          ‹
        </Button>
        <span className="month-title">
          {months[month.month - 1]} {month.year}
        </span>
        <Button variant="ghost" onClick={() => shiftMonth(1)} aria-label={t('calendars.next_month')}>
          ›
        </Button>
        <span className="month-legend">
          <span className="legend-off" /> {t('calendars.holiday')} <span className="legend-special" />{' '}
          {t('calendars.special')}
        </span>
      </div>
      <div className="month-grid">
        {weekdays.map((w) => (
          <div key={w} className="month-head">
            {w}
          </div>
        ))}
        {cells.map((d, i) => {
          // biome-ignore lint/suspicious/noArrayIndexKey: leading blanks of the month are fixed positions
          if (d === null) return <div key={`empty-${i}`} />;
          const iso = isoDay(month.year, month.month, d);
          const exception = exceptionOf(iso);
          const weekday = (firstWeekday + d - 1) % 7;
          const off = exception ? exception.intervals.length === 0 : (week[weekday]?.length ?? 0) === 0;
          return (
            <button
              key={iso}
              type="button"
              className={`month-day${off ? ' month-day-off' : ''}${exception ? ' month-day-exception' : ''}${day === iso ? ' month-day-picked' : ''}`}
              disabled={!editable}
              aria-pressed={!!exception}
              title={
                exception
                  ? `${formatIsoDay(iso)}: ${intervalsText(exception.intervals) || t('calendars.holiday')}`
                  : formatIsoDay(iso)
              }
              onClick={(e) => {
                if (e.shiftKey || e.altKey) {
                  setDay(iso);
                  setText(intervalsText(exceptionOf(iso)?.intervals ?? week[weekday] ?? []));
                } else toggle(iso);
              }}
              onContextMenu={(e) => {
                e.preventDefault();
                setDay(iso);
                setText(intervalsText(exceptionOf(iso)?.intervals ?? week[weekday] ?? []));
              }}
              data-testid={`day-${iso}`}
            >
              {d}
            </button>
          );
        })}
      </div>
      <p className="muted">{t('calendars.month_hint')}</p>
      {day && (
        <div className="rel-add-row month-special">
          <span>{formatIsoDay(day)}</span>
          <input
            className="input input-compact"
            aria-label={t('calendars.intervals_of', { day: formatIsoDay(day) })}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="08:00-12:00, 13:00-17:00"
          />
          <Button onClick={setIntervals}>{t('calendars.set_intervals')}</Button>
          <Button variant="ghost" onClick={() => setDay(null)}>
            {t('common.close')}
          </Button>
        </div>
      )}
      {exceptions.length > 0 && (
        <ul className="plain-list exception-list">
          {exceptions.map((e) => (
            <li key={e.date}>
              {formatIsoDay(e.date)}
              {e.until ? ` – ${formatIsoDay(e.until)}` : ''}:{' '}
              {intervalsText(e.intervals) || t('calendars.holiday')}
              {e.name ? ` (${e.name})` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
