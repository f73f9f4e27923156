import { Button, Card, PageHeader } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import {
  attributeColumnKey,
  type ColumnSetting,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  mergeColumns,
} from '../../lib/grid-columns';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { useUiState } from '../../lib/ui-state';
import '../calendars/calendars.css';
import '../structure/structure.css';

/**
 * View settings: the user's default WBS grid columns — shown or hidden, their order and widths — kept on
 * the server; schedules the user arranged (the Columns button of the schedule) keep their own.
 */
export function ViewSettingsPage() {
  const t = useT();
  const { spaceId } = useSpace();
  const me = trpc.users.whoAmI.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const attributes = trpc.attributes.list.useQuery({ spaceId });
  const view = useUiState(spaceId, undefined, me.data?.id);
  const save = (next: ColumnSetting[] | null) => view.update({ columns: next ?? undefined });
  const columns = mergeColumns(
    view.state?.columns ?? null,
    (attributes.data ?? []).map((a) => a.id),
  );
  const attributeName = new Map((attributes.data ?? []).map((a) => [attributeColumnKey(a.id), a.name]));
  const titleOf = (key: string) => attributeName.get(key) ?? t(`grid.col.${key}` as never);
  const change = (next: ColumnSetting[]) => save(next);
  const update = (index: number, patch: Partial<ColumnSetting>) =>
    change(columns.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const swap = (index: number, delta: number) => {
    const next = [...columns];
    const target = index + delta;
    if (target < 0 || target >= next.length) return;
    [next[index], next[target]] = [next[target]!, next[index]!];
    change(next);
  };
  return (
    <div className="page" data-testid="viewsettings-page">
      <PageHeader
        title={t('screen.viewsettings')}
        subtitle={t('viewsettings.subtitle')}
        actions={
          <Button
            onClick={() => {
              save(null);
              notify('success', [t('viewsettings.reset_done')]);
            }}
          >
            {t('viewsettings.reset')}
          </Button>
        }
      />
      <Card title={t('viewsettings.columns')} description={t('viewsettings.columns_hint')}>
        <div className="column-list" data-testid="column-list">
          {columns.map((c, i) => (
            <div key={c.key} className="column-row">
              <input
                type="checkbox"
                aria-label={t('viewsettings.show', { name: titleOf(c.key) })}
                checked={c.visible}
                disabled={c.key === 'name'}
                onChange={(e) => update(i, { visible: e.target.checked })}
              />
              <span>{titleOf(c.key)}</span>
              <input
                className="input input-compact"
                type="number"
                min={MIN_COLUMN_WIDTH}
                max={MAX_COLUMN_WIDTH}
                step={10}
                aria-label={t('viewsettings.width', { name: titleOf(c.key) })}
                value={c.width}
                onChange={(e) => {
                  const width = Number(e.target.value);
                  if (width >= MIN_COLUMN_WIDTH && width <= MAX_COLUMN_WIDTH) update(i, { width });
                }}
              />
              <span>
                <Button
                  variant="ghost"
                  disabled={i === 0}
                  onClick={() => swap(i, -1)}
                  aria-label={t('viewsettings.up', { name: titleOf(c.key) })}
                >
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  disabled={i === columns.length - 1}
                  onClick={() => swap(i, 1)}
                  aria-label={t('viewsettings.down', { name: titleOf(c.key) })}
                >
                  ↓
                </Button>
              </span>
            </div>
          ))}
        </div>
      </Card>
    </div>
  );
}
