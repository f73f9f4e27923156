import { EMPTY_WORK_CHECKS, type EmptyWorkCheck } from '@takt/contracts';
import { formatDateTime } from '@takt/i18n';
import { useCallback, useEffect, useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { Badge, Button, Checkbox, Empty, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { type ScheduleModel, textOf } from '../../lib/columnar';
import { appI18n, useT } from '../../lib/i18n';
import { formatNumber } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import './version-checks.css';

const CHECK_TEXT = {
  duration: 'empty_works.check.duration',
  volume: 'empty_works.check.volume',
  resources: 'empty_works.check.resources',
  relations: 'empty_works.check.relations',
} as const satisfies Record<EmptyWorkCheck, string>;

/** The most works named under each check (the count is whole). */
const NAMED = 12;

/** A work's code and name as the open version has it, or its id when the grid has not loaded it. */
function workLabel(model: ScheduleModel | undefined, id: string): string {
  const row = model?.rowOf.get(id);
  if (!model || row === undefined) return id.slice(0, 8);
  return `${textOf(model, model.code[row]!)} ${textOf(model, model.name[row]!)}`.trim();
}

/**
 * The empty-works check of a version: the user picks the checks (no duration, no volume, no resources,
 * no relations), and sees how many works each finds and which. With `onSelect` the works are selected in
 * the grid: one of them (its name), those of one check, or those of all the checks together.
 * `asked` and `onAsk` keep the checks last run outside the dialog, so it opens again on its findings.
 */
export function EmptyWorksDialog({
  versionId,
  model,
  asked,
  onAsk,
  onSelect,
  onActivities,
  onClose,
}: {
  versionId: string;
  model: ScheduleModel | undefined;
  asked: readonly EmptyWorkCheck[] | null;
  onAsk: (checks: EmptyWorkCheck[]) => void;
  onSelect?: (ids: string[]) => void;
  /** opens the version's activity instead */
  onActivities: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [checks, setChecks] = useState<ReadonlySet<EmptyWorkCheck>>(new Set(asked ?? EMPTY_WORK_CHECKS));
  const result = trpc.schedules.checkEmptyWorks.useQuery(
    { spaceId, versionId, checks: asked ? [...asked] : [] },
    { enabled: asked !== null && asked.length > 0 },
  );
  const toggle = (check: EmptyWorkCheck, on: boolean) => {
    const next = new Set(checks);
    if (on) next.add(check);
    else next.delete(check);
    setChecks(next);
  };
  const num = (n: number) => formatNumber(n, appI18n.locale);
  // The works any check found, each once, in the order the checks list them.
  const all = [...new Set(result.data?.checks.flatMap((c) => c.ids) ?? [])];
  return (
    <FormDialog title={t('empty_works.title')} wide onClose={onClose} testId="empty-works-dialog">
      <div className="empty-works-checks">
        {EMPTY_WORK_CHECKS.map((check) => (
          <Checkbox
            key={check}
            label={t(CHECK_TEXT[check])}
            checked={checks.has(check)}
            onChange={(on) => toggle(check, on)}
          />
        ))}
        <Button
          variant="primary"
          disabled={checks.size === 0}
          onClick={() => onAsk(EMPTY_WORK_CHECKS.filter((c) => checks.has(c)))}
          data-testid="empty-works-run"
        >
          {t('empty_works.run')}
        </Button>
        <Button onClick={onActivities} data-testid="open-activities">
          {t('activities.open')}
        </Button>
      </div>
      {asked && (result.isFetching || !result.data) ? (
        <Spinner />
      ) : (
        result.data && (
          <>
            {onSelect && all.length > 0 && (
              <div className="empty-works-all">
                <Button onClick={() => onSelect(all)} data-testid="empty-works-select-all">
                  {t('empty_works.select_all', { count: num(all.length) })}
                </Button>
              </div>
            )}
            <ul className="plain-list empty-works-result" data-testid="empty-works-result">
              {result.data.checks.map((c) => (
                <li key={c.check} data-testid={`empty-works-${c.check}`}>
                  <div className="empty-works-head">
                    <strong>{t(CHECK_TEXT[c.check])}</strong>{' '}
                    <Badge tone={c.count ? 'warn' : 'accent'}>
                      {t('empty_works.of', { count: num(c.count), works: num(result.data.works) })}
                    </Badge>
                    {onSelect && c.count > 0 && (
                      <Button
                        onClick={() => onSelect(c.ids)}
                        title={
                          c.truncated
                            ? t('empty_works.select_first', { count: num(c.ids.length) })
                            : undefined
                        }
                        aria-label={`${t('empty_works.select')}: ${t(CHECK_TEXT[c.check])}`}
                      >
                        {t('empty_works.select')}
                      </Button>
                    )}
                  </div>
                  <div className="muted">
                    {c.count === 0 ? (
                      t('empty_works.none')
                    ) : (
                      <>
                        {c.ids.slice(0, NAMED).map((id, i) => (
                          <span key={id}>
                            {i > 0 && ', '}
                            {onSelect && model?.rowOf.has(id) ? (
                              <button
                                type="button"
                                className="link-button"
                                title={t('empty_works.show')}
                                onClick={() => onSelect([id])}
                              >
                                {workLabel(model, id)}
                              </button>
                            ) : (
                              workLabel(model, id)
                            )}
                          </span>
                        ))}
                        {c.count > NAMED && ', …'}
                      </>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </>
        )
      )}
    </FormDialog>
  );
}

type Activity = RouterOutputs['schedules']['activities']['items'][number];

/** What was done on a version lately (its edits and the audit entries naming it), newest first, a page at a time. */
export function ActivitiesDialog({ versionId, onClose }: { versionId: string; onClose: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const [items, setItems] = useState<Activity[] | null>(null);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const load = useCallback(
    async (before?: string) => {
      setLoading(true);
      try {
        const page = await utils.schedules.activities.fetch({
          spaceId,
          versionId,
          limit: 50,
          ...(before ? { before } : {}),
        });
        setItems((prev) => (before ? [...(prev ?? []), ...page.items] : page.items));
        setMore(page.more);
      } finally {
        setLoading(false);
      }
    },
    [utils, spaceId, versionId],
  );
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <FormDialog title={t('activities.title')} wide onClose={onClose} testId="activities-dialog">
      {items === null ? (
        <Spinner />
      ) : items.length === 0 ? (
        <Empty>{t('activities.empty')}</Empty>
      ) : (
        <ul className="plain-list activities" data-testid="activities">
          {items.map((a) => (
            <li key={a.cursor}>
              <span className="muted">{formatDateTime(a.at)}</span>{' '}
              <strong>{a.user?.name ?? t('activities.system')}</strong> <code>{a.action}</code>{' '}
              {a.undone && <Badge tone="warn">{t('activities.undone')}</Badge>}
            </li>
          ))}
        </ul>
      )}
      {more && (
        <Button
          disabled={loading}
          onClick={() => void load(items?.at(-1)?.cursor)}
          data-testid="activities-more"
        >
          {t('activities.more')}
        </Button>
      )}
    </FormDialog>
  );
}
