import { NOTICE_LIVE_KINDS, type NoticeArea, type NoticeDto } from '@takt/contracts';
import { formatDateTime } from '@takt/i18n';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { confirmedDelete } from '../../components/confirm';
import { Icon } from '../../components/icons';
import { Button, Empty, IconButton, Tabs } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { type Translate, useT } from '../../lib/i18n';
import { useLiveEvents } from '../../lib/live';
import { trpc } from '../../lib/trpc';
import './notices.css';

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** What a notice says, from its kind and the names its params carry. */
export function noticeText(t: Translate, notice: NoticeDto): string {
  const p = notice.params;
  switch (notice.kind) {
    case 'calculation_finished':
    case 'calculation_failed':
    case 'import_finished':
    case 'import_failed':
      return t(`notices.kind.${notice.kind}`, {
        schedule: text(p.scheduleName),
        version: text(p.versionName),
        reason: text(p.reason),
        file: text(p.fileName),
      });
    case 'timesheet_submitted':
      return t('notices.kind.timesheet_submitted', {
        user: text(p.userName),
        hours: text(p.hours),
        schedule: text(p.scheduleName),
      });
    case 'timesheet_decided':
      return t('notices.kind.timesheet_decided', {
        decision: text(p.decision),
        schedule: text(p.scheduleName),
      });
    case 'assignment':
      return t('notices.kind.assignment', { schedule: text(p.scheduleName), work: text(p.workName) });
    case 'mention':
      return t('notices.kind.mention', {
        user: text(p.authorName),
        chat: text(p.chatTitle),
        text: text(p.text),
      });
    case 'card_assigned':
      return t('notices.kind.card_assigned', { card: text(p.title) });
  }
}

/** Where a notice leads, inside the space; null when it names nothing to open. */
function targetOf(notice: NoticeDto, scheduleId: string | null): string | null {
  const p = notice.params;
  if (notice.kind === 'mention' && typeof p.chatId === 'string') return `/chat/${p.chatId}`;
  if (notice.kind === 'card_assigned')
    return typeof p.scheduleId === 'string' && typeof p.boardId === 'string'
      ? `/kanban-schedule/${p.scheduleId}/${p.boardId}/${text(p.cardId)}`
      : null;
  return scheduleId ? `/schedule/${scheduleId}` : null;
}

/**
 * The bell of the top bar: the count of unread notices, and the panel of the user's notices in two tabs
 * (the system's, the personal area) — open one, mark read, delete one or all. Everything is read again
 * when a notice comes or changes, in this tab or another, told by the live events of the user's topic.
 */
export function NoticesBell() {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [area, setArea] = useState<NoticeArea>('notices');
  const root = useRef<HTMLDivElement>(null);
  const status = trpc.notices.status.useQuery({ spaceId });

  useLiveEvents({ kindPrefix: 'notice.' }, (event) => {
    void utils.notices.invalidate();
    if (event.kind === NOTICE_LIVE_KINDS.created) {
      const notice = event.data as NoticeDto;
      if (!open) setArea(notice.area);
    }
  });

  useEffect(() => {
    if (!open) return;
    // Neither a click in nor Escape of a dialog the panel opened (delete all's question) closes the panel.
    const inDialog = (target: EventTarget | null) =>
      target instanceof Element && !!target.closest('[role="dialog"]');
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (inDialog(event.target) || document.querySelector('[role="dialog"]')) return;
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const unread = status.data?.unchecked ?? 0;
  return (
    <div className="notices-bell" ref={root}>
      <button
        type="button"
        className="icon-btn notices-bell-button"
        aria-label={unread ? t('notices.bell_unread', { count: unread }) : t('notices.bell')}
        aria-expanded={open}
        data-testid="notices-bell"
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="bell" />
        {unread > 0 && (
          <span className="notices-count" data-testid="notices-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <NoticesPanel
          area={area}
          onArea={setArea}
          unread={{
            notices: status.data?.notices.unchecked ?? 0,
            personal: status.data?.personal.unchecked ?? 0,
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

function NoticesPanel({
  area,
  onArea,
  unread,
  onClose,
}: {
  area: NoticeArea;
  onArea: (area: NoticeArea) => void;
  unread: Record<NoticeArea, number>;
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const input = { spaceId };
  const system = trpc.notices.list.useQuery(input, { enabled: area === 'notices' });
  const personal = trpc.notices.personalArea.useQuery(input, { enabled: area === 'personal' });
  const list = area === 'notices' ? system : personal;
  const refresh = () => void utils.notices.invalidate();
  const check = trpc.notices.check.useMutation({ onSuccess: refresh });
  const openNotice = trpc.notices.actualVersionAndSetChecked.useMutation({ onSuccess: refresh });
  const remove = trpc.notices.delete.useMutation({ onSuccess: refresh });
  const removePersonal = trpc.notices.deletePersonal.useMutation({ onSuccess: refresh });
  const removeAll = trpc.notices.deleteAll.useMutation({ onSuccess: refresh });
  const removeAllPersonal = trpc.notices.deleteAllPersonal.useMutation({ onSuccess: refresh });
  const notices = list.data ?? [];

  const go = async (notice: NoticeDto) => {
    const opened = await openNotice.mutateAsync({ spaceId, noticeId: notice.id });
    const target = targetOf(notice, opened.scheduleId);
    if (target) {
      onClose();
      navigate(target);
    }
  };
  const deleteOne = (notice: NoticeDto) =>
    (area === 'notices' ? remove : removePersonal).mutate({ spaceId, noticeId: notice.id });
  const deleteAll = async () => {
    if (!(await confirmedDelete(t('notices.delete_all_confirm')))) return;
    (area === 'notices' ? removeAll : removeAllPersonal).mutate({ spaceId });
  };

  const tabLabel = (key: NoticeArea) =>
    `${t(key === 'notices' ? 'notices.tab.notices' : 'notices.tab.personal')}${unread[key] ? ` (${unread[key]})` : ''}`;
  return (
    <section className="notices-panel" aria-label={t('notices.title')} data-testid="notices-panel">
      <header className="notices-panel-head">
        <h2>{t('notices.title')}</h2>
        <Tabs
          tabs={[
            { key: 'notices' as const, label: tabLabel('notices') },
            { key: 'personal' as const, label: tabLabel('personal') },
          ]}
          active={area}
          onChange={onArea}
          label={t('notices.title')}
        />
      </header>
      {notices.length === 0 ? (
        <Empty>{t('notices.empty')}</Empty>
      ) : (
        <ul className="notices-list">
          {notices.map((notice) => (
            <li
              key={notice.id}
              className={`notices-item${notice.checkedAt ? '' : ' notices-item-unread'}`}
              data-testid="notice"
              data-kind={notice.kind}
            >
              <div className="notices-item-text">
                {!notice.checkedAt && <span className="notices-dot" title={t('notices.unread')} />}
                <span>{noticeText(t, notice)}</span>
              </div>
              <div className="notices-item-foot">
                <time dateTime={notice.createdAt}>{formatDateTime(notice.createdAt)}</time>
                <span className="notices-item-actions">
                  <button type="button" className="notices-open" onClick={() => void go(notice)}>
                    {t('notices.open_target')}
                  </button>
                  {!notice.checkedAt && (
                    <IconButton
                      label={t('notices.mark_checked')}
                      onClick={() => check.mutate({ spaceId, noticeIds: [notice.id] })}
                    >
                      <Icon name="check" size={16} />
                    </IconButton>
                  )}
                  <IconButton label={t('notices.delete')} onClick={() => deleteOne(notice)}>
                    <Icon name="trash" size={16} />
                  </IconButton>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <footer className="notices-panel-foot">
        <Button disabled={unread.notices + unread.personal === 0} onClick={() => check.mutate({ spaceId })}>
          {t('notices.mark_all_checked')}
        </Button>
        <Button variant="danger" disabled={notices.length === 0} onClick={() => void deleteAll()}>
          {t('notices.delete_all')}
        </Button>
      </footer>
    </section>
  );
}
