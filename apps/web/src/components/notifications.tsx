import { useT } from '../lib/i18n';
import { dismiss, useNotices } from '../lib/notifications';
import { CrossButton } from './ui';

/** Notices at the bottom of the screen; errors are red, one line per item. */
export function NotificationHost() {
  const t = useT();
  const notices = useNotices();
  return (
    <section className="notices" aria-label={t('notify.region')} aria-live="polite">
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={`notice notice-${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          <div className="notice-lines">
            {notice.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines of one notice never reorder
              <div key={index}>{line}</div>
            ))}
          </div>
          <CrossButton label={t('common.dismiss')} onClick={() => dismiss(notice.id)} />
        </div>
      ))}
    </section>
  );
}
