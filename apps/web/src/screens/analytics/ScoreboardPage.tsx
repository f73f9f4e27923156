import { RANKING_INDICATORS, type RankingIndicator } from '@takt/contracts';
import { useState } from 'react';
import { Link } from 'wouter';
import { CompactSelect, choicesOf } from '../../components/compact-select';
import { confirmedDelete } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import {
  Button,
  Checkbox,
  Empty,
  IconButton,
  Loaded,
  PageHeader,
  SelectField,
  TextField,
} from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { num } from './scope';
import './analytics.css';

type Board = RouterOutputs['analytics']['scoreboards']['get'];

/**
 * The scoreboard: the space's projects ranked by the first of the scoreboard's indicators, each value with
 * its traffic light. Whoever manages analytics makes scoreboards and moves projects up and down (the order
 * is then kept until given back to the ranking). Printable as the page shows it.
 */
export function ScoreboardPage() {
  const t = useT();
  const { spaceId, can } = useSpace();
  const list = trpc.analytics.scoreboards.list.useQuery({ spaceId });
  const [chosen, setChosen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const boards = list.data ?? [];
  const boardId = chosen && boards.some((b) => b.id === chosen) ? chosen : (boards[0]?.id ?? null);
  return (
    <div className="page scoreboard-page" data-testid="scoreboard-page">
      <PageHeader
        title={t('screen.scoreboard')}
        subtitle={t('scoreboard.subtitle')}
        add={
          can('analytics.manage') && {
            label: t('scoreboard.new'),
            onClick: () => setCreating(true),
            testId: 'scoreboard-new',
          }
        }
        actions={
          boardId && (
            <Button variant="secondary" onClick={() => window.print()} data-testid="scoreboard-print">
              {t('scoreboard.print')}
            </Button>
          )
        }
      />
      <Loaded loading={list.isLoading} empty={!boards.length && t('scoreboard.empty')}>
        {boards.length > 1 && (
          <CompactSelect
            aria-label={t('scoreboard.choose')}
            value={boardId ?? ''}
            onChange={setChosen}
            options={boards.map((b) => ({ value: b.id, label: b.name }))}
            className="scoreboard-choose"
          />
        )}
        {boardId && <ScoreboardTable boardId={boardId} />}
      </Loaded>
      {creating && (
        <NewScoreboard
          onClose={(id) => {
            setCreating(false);
            if (id) setChosen(id);
          }}
        />
      )}
    </div>
  );
}

function ScoreboardTable({ boardId }: { boardId: string }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const board = trpc.analytics.scoreboards.get.useQuery({ spaceId, scoreboardId: boardId });
  const moved = (next: Board) =>
    utils.analytics.scoreboards.get.setData({ spaceId, scoreboardId: boardId }, next);
  const up = trpc.analytics.scoreboards.up.useMutation({ onSuccess: moved });
  const down = trpc.analytics.scoreboards.down.useMutation({ onSuccess: moved });
  const update = trpc.analytics.scoreboards.update.useMutation({
    onSuccess: () => utils.analytics.scoreboards.invalidate(),
    onError: (e) => notify('error', [e.message]),
  });
  const remove = trpc.analytics.scoreboards.delete.useMutation({
    onSuccess: () => utils.analytics.scoreboards.list.invalidate(),
  });
  const data = board.data;
  if (!data)
    return (
      <Loaded loading empty={false}>
        {null}
      </Loaded>
    );
  const manage = can('analytics.manage');
  const rank = (indicator: RankingIndicator) =>
    update.mutate({
      spaceId,
      scoreboardId: boardId,
      revision: data.revision,
      indicators: [indicator, ...data.indicators.filter((i) => i !== indicator)],
    });
  return (
    <section className="card scoreboard-card">
      <header className="analytics-toolbar">
        <h2 className="analytics-title">{data.name}</h2>
        <span className="analytics-note">
          {data.manualOrder
            ? t('scoreboard.order_manual')
            : t('scoreboard.order_ranked', { indicator: t(`analytics.indicator.${data.indicators[0]!}`) })}
        </span>
        {manage && data.manualOrder && (
          <Button
            variant="secondary"
            onClick={() =>
              update.mutate({ spaceId, scoreboardId: boardId, revision: data.revision, resetOrder: true })
            }
          >
            {t('scoreboard.reset_order')}
          </Button>
        )}
        {manage && (
          <Button
            variant="danger"
            onClick={async () => {
              if (await confirmedDelete(t('scoreboard.delete_confirm', { name: data.name })))
                remove.mutate({ spaceId, scoreboardId: boardId });
            }}
          >
            {t('scoreboard.delete')}
          </Button>
        )}
      </header>
      {data.rows.length ? (
        <table className="table analytics-table scoreboard-table" data-testid="scoreboard-table">
          <thead>
            <tr>
              <th className="num">#</th>
              <th>{t('analytics.project')}</th>
              {data.indicators.map((indicator, i) => (
                <th key={indicator} className="num">
                  {manage && i > 0 ? (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => rank(indicator)}
                      title={t('scoreboard.rank_by_this')}
                    >
                      {t(`analytics.indicator.${indicator}`)}
                    </button>
                  ) : (
                    t(`analytics.indicator.${indicator}`)
                  )}
                </th>
              ))}
              {manage && <th className="scoreboard-move-head" />}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row, index) => (
              <tr key={row.key} data-testid={`scoreboard-row-${row.label}`}>
                <td className="num">{index + 1}</td>
                <td>
                  <Link href={row.kind === 'project' ? `/grid/${row.key}` : `/schedule/${row.key}`}>
                    {row.label}
                  </Link>
                </td>
                {row.values.map((v) => (
                  <td key={v.indicator} className="num">
                    <span className="scoreboard-value">
                      {v.light ? (
                        <span
                          className={`analytics-light analytics-light-${v.light}`}
                          role="img"
                          aria-label={t(`scoreboard.light.${v.light}`)}
                        />
                      ) : (
                        <span className="analytics-light analytics-light-none" aria-hidden="true" />
                      )}
                      {num(v.value, v.indicator === 'spi' || v.indicator === 'cpi' ? 2 : 1)}
                    </span>
                  </td>
                ))}
                {manage && (
                  <td className="scoreboard-move">
                    <IconButton
                      label={t('analytics.move_up')}
                      disabled={index === 0 || up.isPending}
                      onClick={() => up.mutate({ spaceId, scoreboardId: boardId, projectId: row.key })}
                    >
                      ↑
                    </IconButton>
                    <IconButton
                      label={t('analytics.move_down')}
                      disabled={index === data.rows.length - 1 || down.isPending}
                      onClick={() => down.mutate({ spaceId, scoreboardId: boardId, projectId: row.key })}
                    >
                      ↓
                    </IconButton>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Empty>{t('analytics.no_schedules')}</Empty>
      )}
    </section>
  );
}

/** A new scoreboard: its name and indicators (the first ranks the projects). */
function NewScoreboard({ onClose }: { onClose: (id?: string) => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const [first, setFirst] = useState<RankingIndicator>('spi');
  const [others, setOthers] = useState(
    new Set<RankingIndicator>(['percentFact', 'finishDelayDays', 'overdue']),
  );
  const create = trpc.analytics.scoreboards.create.useMutation({
    onSuccess: async (board) => {
      await utils.analytics.scoreboards.list.invalidate();
      onClose(board.id);
    },
    onError: (e) => notify('error', [e.message]),
  });
  return (
    <FormDialog
      title={t('scoreboard.new')}
      submitLabel={t('common.save')}
      busy={create.isPending}
      onClose={() => onClose()}
      onSubmit={() =>
        create.mutate({
          spaceId,
          name,
          indicators: [first, ...RANKING_INDICATORS.filter((i) => i !== first && others.has(i))],
        })
      }
      testId="scoreboard-dialog"
    >
      <TextField label={t('scoreboard.name')} value={name} onChange={setName} maxLength={32} />
      <SelectField
        label={t('analytics.rank_by')}
        value={first}
        onChange={(value) => setFirst(value as RankingIndicator)}
        options={choicesOf(RANKING_INDICATORS, (i) => t(`analytics.indicator.${i}`))}
      />
      {RANKING_INDICATORS.filter((i) => i !== first).map((indicator) => (
        <Checkbox
          key={indicator}
          label={t(`analytics.indicator.${indicator}`)}
          checked={others.has(indicator)}
          onChange={(on) => {
            const next = new Set(others);
            if (on) next.add(indicator);
            else next.delete(indicator);
            setOthers(next);
          }}
        />
      ))}
    </FormDialog>
  );
}
