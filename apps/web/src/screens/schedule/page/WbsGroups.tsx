import { LAYOUT_LIMITS, type WbsGroupSettings } from '@takt/contracts';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { FormDialog } from '../../../components/dialog';
import { Button, Checkbox, IconButton } from '../../../components/ui';
import { useSpace } from '../../../layouts/space-context';
import type { ScheduleModel } from '../../../lib/columnar';
import { describeFailure } from '../../../lib/errors';
import { appI18n, useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { trpc } from '../../../lib/trpc';

/**
 * The schedule's WBS group settings as the grid uses them: a summary of a level set as a group is a
 * group header (its level's colour, bold when so set); the levels set as folded are folded when the
 * user opens the schedule with no folded rows of their own.
 */
export function useWbsGroups(scheduleId: string | undefined) {
  const { spaceId } = useSpace();
  const query = trpc.wbsGroups.get.useQuery(
    { spaceId, scheduleId: scheduleId ?? '' },
    { staleTime: 60_000, enabled: !!scheduleId },
  );
  const settings = query.data?.settings ?? null;
  return useMemo(() => {
    const groupLevels = new Set(settings?.levels.filter((l) => l.group).map((l) => l.level) ?? []);
    const style: Record<string, string> = {};
    for (const level of settings?.levels ?? [])
      if (level.group && level.colour) style[`--wbs-group-${level.level}`] = level.colour;
    return {
      settings,
      /** The classes of a summary at `depth` (0: the top). */
      rowClass: (depth: number) =>
        groupLevels.has(depth + 1) ? ` wbs-group-row wbs-group-l${depth + 1}` : '',
      style: style as CSSProperties,
      className: settings?.boldHeaders ? 'wbs-groups-bold' : '',
    };
  }, [settings]);
}

/**
 * Folds the summaries of the levels set as folded, once per version opened, when the user has no
 * folded rows of their own there.
 */
export function useWbsGroupFolding(
  model: ScheduleModel | null,
  settings: WbsGroupSettings | null,
  userCollapsed: readonly string[] | undefined,
  setCollapsed: (collapsed: Set<string>) => void,
) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!model || !settings || !userCollapsed) return;
    const key = model.ids[0] ?? '';
    if (done.current === key) return;
    done.current = key;
    const folded = new Set(settings.levels.filter((l) => l.collapsed).map((l) => l.level));
    if (userCollapsed.length > 0 || folded.size === 0) return;
    const ids = new Set<string>();
    for (let row = 0; row < model.count; row++)
      if (model.childCount[row]! > 0 && folded.has(model.depth[row]! + 1)) ids.add(model.ids[row]!);
    if (ids.size) setCollapsed(ids);
  }, [model, settings, userCollapsed, setCollapsed]);
}

/** The schedule's WBS group settings: per level a colour, shown as a group, folded at first. */
export function WbsGroupsDialog({ scheduleId, onClose }: { scheduleId: string; onClose: () => void }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const query = trpc.wbsGroups.get.useQuery({ spaceId, scheduleId });
  const [draft, setDraft] = useState<WbsGroupSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const settings = draft ?? query.data?.settings ?? null;
  const editable = can('schedule.edit');
  const save = trpc.wbsGroups.save.useMutation({
    trpc: { context: { showsIssues: true } },
    onSuccess: (answer) => {
      utils.wbsGroups.get.setData({ spaceId, scheduleId }, answer);
      notify('success', [t('wbs_groups.saved')]);
      onClose();
    },
    onError: (e) => {
      const issue = describeFailure(e, 'wbsGroups.save').issues[0];
      setError(issue ? appI18n._(issue.message, issue.params) : null);
    },
  });
  if (!settings || !query.data) return null;
  const levels = settings.levels;
  const change = (next: WbsGroupSettings) => setDraft(next);
  const setLevel = (level: number, patch: Partial<WbsGroupSettings['levels'][number]>) =>
    change({ ...settings, levels: levels.map((l) => (l.level === level ? { ...l, ...patch } : l)) });
  const nextLevel = levels.reduce((max, l) => Math.max(max, l.level), 0) + 1;
  return (
    <FormDialog
      title={t('wbs_groups.title')}
      busy={save.isPending}
      onClose={onClose}
      onSubmit={
        editable
          ? () => save.mutate({ spaceId, scheduleId, settings, revision: query.data.revision })
          : undefined
      }
      testId="wbs-groups-dialog"
      wide
    >
      <p className="field-hint">{t('wbs_groups.hint')}</p>
      <table className="wbs-groups-table">
        <thead>
          <tr>
            <th>{t('wbs_groups.level_header')}</th>
            <th>{t('wbs_groups.group')}</th>
            <th>{t('wbs_groups.colour')}</th>
            <th>{t('wbs_groups.collapsed')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {levels.map((l) => (
            <tr key={l.level} data-testid={`wbs-level-${l.level}`}>
              <td>{t('wbs_groups.level', { level: l.level })}</td>
              <td>
                <input
                  type="checkbox"
                  checked={l.group}
                  disabled={!editable}
                  aria-label={`${t('wbs_groups.group')} ${l.level}`}
                  onChange={(e) => setLevel(l.level, { group: e.target.checked })}
                />
              </td>
              <td>
                <input
                  type="color"
                  value={l.colour ?? '#ffffff'}
                  disabled={!editable}
                  aria-label={`${t('wbs_groups.colour')} ${l.level}`}
                  onChange={(e) => setLevel(l.level, { colour: e.target.value })}
                  data-testid={`wbs-colour-${l.level}`}
                />{' '}
                {l.colour && editable && (
                  <Button variant="ghost" onClick={() => setLevel(l.level, { colour: null })}>
                    {t('wbs_groups.no_colour')}
                  </Button>
                )}
              </td>
              <td>
                <input
                  type="checkbox"
                  checked={l.collapsed}
                  disabled={!editable}
                  aria-label={`${t('wbs_groups.collapsed')} ${l.level}`}
                  onChange={(e) => setLevel(l.level, { collapsed: e.target.checked })}
                />
              </td>
              <td>
                {editable && (
                  <IconButton
                    label={t('wbs_groups.remove_level', { level: l.level })}
                    onClick={() => change({ ...settings, levels: levels.filter((x) => x.level !== l.level) })}
                  >
                    ×
                  </IconButton>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editable && nextLevel <= LAYOUT_LIMITS.maxWbsLevels && (
        <Button
          variant="ghost"
          onClick={() =>
            change({
              ...settings,
              levels: [...levels, { level: nextLevel, colour: null, group: true, collapsed: false }],
            })
          }
          data-testid="wbs-level-add"
        >
          {t('wbs_groups.add_level')}
        </Button>
      )}
      <Checkbox
        label={t('wbs_groups.bold')}
        checked={settings.boldHeaders}
        disabled={!editable}
        onChange={(boldHeaders) => change({ ...settings, boldHeaders })}
      />
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
    </FormDialog>
  );
}
