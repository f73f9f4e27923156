import { UI_STATE_FORMAT, type UiState } from '@takt/contracts';
import { useState } from 'react';
import { confirmedDelete } from '../../../components/confirm';
import { Badge, Button, Checkbox, IconButton } from '../../../components/ui';
import { useSpace } from '../../../layouts/space-context';
import type { RouterOutputs } from '../../../lib/api-types';
import { describeFailure } from '../../../lib/errors';
import { appI18n, useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { trpc } from '../../../lib/trpc';
import type { GanttView } from '../gantt/timeline';
import { zoomPxPerMinute } from '../gantt/zoom';
import './layouts.css';

type Layout = RouterOutputs['layouts']['list'][number];

/** What a layout applies to: the user's view of the schedule and the timeline's bars and zoom. */
export interface LayoutTarget {
  state: UiState | null;
  update: (patch: Partial<Omit<UiState, 'v'>>) => void;
  gantt: GanttView;
  /** Shows the WBS down to a level (a WBS grouping of the layout). */
  onWbsLevel: (level: number) => void;
}

/** The view as a layout keeps it: the user's view of the schedule and the timeline's bars. */
function currentView(target: LayoutTarget): UiState {
  return { ...(target.state ?? {}), v: UI_STATE_FORMAT, bars: { ...target.gantt.kinds } };
}

/** Puts a layout's view on the screen (and so into the user's own view of the schedule). */
function applyView(target: LayoutTarget, state: UiState) {
  target.update({
    columns: state.columns,
    splitter: state.splitter,
    filter: state.filter ?? null,
    grouping: state.grouping ?? null,
    foldedGroups: state.foldedGroups ?? [],
    ...(state.zoom ? { zoom: state.zoom } : {}),
  });
  if (state.bars) target.gantt.setKinds(state.bars);
  if (state.grouping?.by === 'wbs') target.onWbsLevel(state.grouping.level);
  // The open timeline takes the layout's zoom at once (a closed one opens at it).
  const wanted = zoomPxPerMinute(state.zoom);
  const now = target.gantt.scale.current?.pxPerMinute;
  if (wanted && now) target.gantt.commands.current?.zoomBy(wanted / now);
}

/**
 * The schedule's layouts (P6's layouts): the current view saved under a name (for oneself, shared, or as
 * the schedule's default), the layouts listed to apply, overwrite, rename, make the default or delete,
 * as the server allows each (`canEdit`, managers of versions for the default).
 */
export function LayoutsPanel({
  scheduleId,
  target,
  onWbsGroups,
}: {
  scheduleId: string;
  target: LayoutTarget;
  /** Opens the schedule's WBS group settings. */
  onWbsGroups: () => void;
}) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const manager = can('versions.manage');
  const utils = trpc.useUtils();
  const list = trpc.layouts.list.useQuery({ spaceId, scheduleId });
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [isDefault, setIsDefault] = useState(false);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const showIssue = (e: unknown, procedure: string) => {
    const issue = describeFailure(e, procedure).issues[0];
    setError(issue ? appI18n._(issue.message, issue.params) : null);
  };
  const refresh = () => {
    setError(null);
    void utils.layouts.list.invalidate({ spaceId, scheduleId });
    // The default layout is what a user without a view of their own sees.
    void utils.uiState.get.invalidate();
  };
  const create = trpc.layouts.create.useMutation({
    trpc: { context: { showsIssues: true } },
    onSuccess: (layout) => {
      setName('');
      setIsDefault(false);
      notify('success', [t('saved_layouts.saved', { name: layout.name })]);
      refresh();
    },
    onError: (e) => showIssue(e, 'layouts.create'),
  });
  const update = trpc.layouts.update.useMutation({
    trpc: { context: { showsIssues: true } },
    onSuccess: (layout) => {
      setRenaming(null);
      notify('success', [t('saved_layouts.saved', { name: layout.name })]);
      refresh();
    },
    onError: (e) => showIssue(e, 'layouts.update'),
  });
  const remove = trpc.layouts.delete.useMutation({ onSuccess: refresh });

  const onDelete = async (layout: Layout) => {
    if (await confirmedDelete(t('saved_layouts.delete_confirm', { name: layout.name })))
      remove.mutate({ spaceId, layoutId: layout.id });
  };
  const apply = (layout: Layout) => {
    applyView(target, layout.state);
    notify('success', [t('saved_layouts.applied', { name: layout.name })]);
  };
  const layouts = list.data ?? [];

  return (
    <div className="layouts-panel" data-testid="layouts-panel">
      <form
        className="layouts-save"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ spaceId, scheduleId, name, shared, isDefault, state: currentView(target) });
        }}
      >
        <strong>{t('saved_layouts.save_title')}</strong>
        <div className="layouts-save-row">
          <input
            className="input input-compact"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('saved_layouts.name')}
            aria-label={t('saved_layouts.name')}
            data-testid="layout-name"
          />
          <Button type="submit" disabled={create.isPending} data-testid="layout-save">
            {t('saved_layouts.save_as')}
          </Button>
        </div>
        <Checkbox label={t('saved_layouts.shared')} checked={shared || isDefault} onChange={setShared} />
        {manager && (
          <Checkbox label={t('saved_layouts.make_default')} checked={isDefault} onChange={setIsDefault} />
        )}
        {error && (
          <div className="field-error" role="alert">
            {error}
          </div>
        )}
      </form>
      <ul className="layouts-list" aria-label={t('saved_layouts.title')}>
        {layouts.length === 0 && <li className="layouts-empty">{t('saved_layouts.empty')}</li>}
        {layouts.map((layout) => (
          <li key={layout.id} data-testid="layout-item" data-name={layout.name}>
            {renaming?.id === layout.id ? (
              <form
                className="layouts-rename"
                onSubmit={(e) => {
                  e.preventDefault();
                  update.mutate({
                    spaceId,
                    layoutId: layout.id,
                    name: renaming.name,
                    revision: layout.revision,
                  });
                }}
              >
                <input
                  className="input input-compact"
                  value={renaming.name}
                  // biome-ignore lint/a11y/noAutofocus: the field the rename button opened
                  autoFocus
                  onChange={(e) => setRenaming({ id: layout.id, name: e.target.value })}
                  aria-label={t('saved_layouts.rename_title')}
                  onKeyDown={(e) => {
                    if (e.key === 'Escape') {
                      e.stopPropagation();
                      setRenaming(null);
                    }
                  }}
                />
                <Button type="submit" variant="primary" disabled={update.isPending}>
                  {t('common.save')}
                </Button>
              </form>
            ) : (
              <button
                type="button"
                className="layouts-apply"
                onClick={() => apply(layout)}
                aria-label={t('saved_layouts.apply', { name: layout.name })}
                data-testid="layout-apply"
              >
                <span className="layouts-name">{layout.name}</span>
                {!layout.own && layout.ownerName && (
                  <span className="layouts-owner">{t('saved_layouts.by', { name: layout.ownerName })}</span>
                )}
              </button>
            )}
            <span className="layouts-badges">
              {layout.isDefault && <Badge tone="accent">{t('saved_layouts.default_badge')}</Badge>}
              {layout.shared && !layout.isDefault && <Badge>{t('saved_layouts.shared_badge')}</Badge>}
            </span>
            <span className="layouts-actions">
              {layout.canEdit && (
                <IconButton
                  label={t('saved_layouts.overwrite')}
                  onClick={() =>
                    update.mutate({
                      spaceId,
                      layoutId: layout.id,
                      state: currentView(target),
                      revision: layout.revision,
                    })
                  }
                  testId="layout-overwrite"
                >
                  ⤓
                </IconButton>
              )}
              {layout.canEdit && (
                <IconButton
                  label={t('saved_layouts.rename')}
                  onClick={() => setRenaming({ id: layout.id, name: layout.name })}
                >
                  ✎
                </IconButton>
              )}
              {manager && (
                <IconButton
                  label={layout.isDefault ? t('saved_layouts.unset_default') : t('saved_layouts.set_default')}
                  onClick={() =>
                    update.mutate({
                      spaceId,
                      layoutId: layout.id,
                      isDefault: !layout.isDefault,
                      revision: layout.revision,
                    })
                  }
                  testId="layout-default"
                >
                  {layout.isDefault ? '★' : '☆'}
                </IconButton>
              )}
              {layout.canEdit && (
                <IconButton label={t('saved_layouts.delete')} onClick={() => void onDelete(layout)}>
                  ×
                </IconButton>
              )}
            </span>
          </li>
        ))}
      </ul>
      <div className="layouts-footer">
        <Button
          variant="ghost"
          onClick={() =>
            target.update({ columns: undefined, filter: null, grouping: null, foldedGroups: [] })
          }
          data-testid="layouts-reset"
        >
          {t('saved_layouts.reset_view')}
        </Button>
        <Button variant="ghost" onClick={onWbsGroups} data-testid="wbs-groups-open">
          {t('wbs_groups.title')}…
        </Button>
      </div>
    </div>
  );
}
