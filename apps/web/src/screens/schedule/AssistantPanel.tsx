import { ASSISTANT_DCMA_CHECKS, type AssistantCheckId } from '@takt/contracts';
import type { MessageId } from '@takt/i18n';
import { useState } from 'react';
import { Badge, Button, Empty, Spinner, Tabs } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { type ScheduleModel, textOf } from '../../lib/columnar';
import { describeFailure } from '../../lib/errors';
import { appI18n, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { formatNumber, formatTimestamp } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import { DecomposeDialog } from './DecomposeDialog';
import './assistant.css';
import './assistant-summary.css';

type Item = RouterOutputs['assistant']['item'];
type Analysis = NonNullable<Item['analysis']>;
type Check = Analysis['checks'][number];
type Comparison = NonNullable<Item['comparison']>;
type Summary = Item['summary'];

const DCMA: readonly string[] = ASSISTANT_DCMA_CHECKS;

/** How many works of a finding the panel lists (the grid shows them all). */
const LISTED = 12;

/**
 * The schedule assistant's panel (docs/product-rules.md, "Schedule assistant"): run the analysis of the
 * version, read its findings with their scores and explanations, open a finding's works in the grid, and
 * look back over the history with each run compared to the one before it.
 */
export function AssistantPanel({
  versionId,
  scheduleId,
  model,
  activeRow,
  readOnly,
  onShowWorks,
  onChanged,
}: {
  versionId: string;
  scheduleId: string;
  model: ScheduleModel;
  /** The grid's active row: the work the decomposition is for. */
  activeRow: number | undefined;
  readOnly: boolean;
  /** Selects the works in the grid and scrolls to the first (the `target` query parameter). */
  onShowWorks: (ids: string[]) => void;
  /** Reloads the version after a decomposition is applied. */
  onChanged: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [tab, setTab] = useState<'findings' | 'history'>('findings');
  const history = trpc.assistant.history.useQuery({ spaceId, versionId, kind: 'analytics', limit: 50 });
  const runs = history.data ?? [];
  const decompositions = trpc.assistant.history.useQuery(
    { spaceId, versionId, kind: 'decomposition', limit: 50 },
    { enabled: tab === 'history' },
  );
  const [runId, setRunId] = useState<string | null>(null);
  // The newest run unless the user picked one from the history (the panel is keyed by the version).
  const shown = runId ?? runs[0]?.id ?? null;
  const at = runs.findIndex((r) => r.id === shown);
  const previous = at >= 0 ? runs[at + 1]?.id : undefined;
  const item = trpc.assistant.item.useQuery(
    { spaceId, runId: shown ?? '', otherRunId: previous },
    {
      enabled: !!shown,
      // The language model's summary is written after the run: read again until it is there (or failed).
      refetchInterval: (query) => (query.state.data?.summary?.status === 'pending' ? 1500 : false),
    },
  );
  const utils = trpc.useUtils();
  const run = trpc.assistant.analytics.useMutation({
    // the server's own texts are told here, for longer; the app tells any other failure, once
    trpc: { context: { showsIssues: true, showsMessages: true } },
    onSuccess: (answer) => {
      setRunId(answer.run.id);
      setTab('findings');
      void utils.assistant.history.invalidate({ spaceId, versionId });
    },
    onError: (error) => {
      const failure = describeFailure(error, 'assistant.analytics');
      if (failure.localized) notify('error', failure.messages, 5000);
    },
  });

  const label = (id: string) => {
    const row = model.rowOf.get(id);
    return row === undefined
      ? id
      : `${textOf(model, model.code[row]!)} ${textOf(model, model.name[row]!)}`.trim();
  };

  return (
    <div className="assistant-panel" data-testid="assistant-panel">
      <Decomposition
        versionId={versionId}
        scheduleId={scheduleId}
        model={model}
        activeRow={activeRow}
        readOnly={readOnly}
        onChanged={onChanged}
      />
      <div className="panel-row">
        <h2 className="panel-heading">{t('assistant.analytics')}</h2>
        <Button
          variant="primary"
          busy={run.isPending}
          onClick={() => run.mutate({ spaceId, versionId })}
          data-testid="assistant-run"
        >
          {run.isPending ? t('assistant.running') : t('assistant.run')}
        </Button>
      </div>
      <Tabs
        label={t('assistant.title')}
        tabs={[
          { key: 'findings', label: t('assistant.findings') },
          { key: 'history', label: t('assistant.history') },
        ]}
        active={tab}
        onChange={setTab}
      />
      {tab === 'history' ? (
        <History
          runs={runs}
          shown={shown}
          decompositions={decompositions.data ?? []}
          onPickRun={(id) => {
            setRunId(id);
            setTab('findings');
          }}
          onShowWorks={onShowWorks}
        />
      ) : history.isLoading || (shown && item.isLoading) ? (
        <Spinner />
      ) : !shown || !item.data?.analysis ? (
        <Empty>{t('assistant.empty')}</Empty>
      ) : (
        <Findings
          analysis={item.data.analysis}
          comparison={item.data.comparison}
          summary={item.data.summary}
          label={label}
          onShowWorks={onShowWorks}
        />
      )}
    </div>
  );
}

type HistoryRow = RouterOutputs['assistant']['history'][number];

const SOURCE_LABEL = {
  builtin: 'assistant.decompose.builtin',
  space: 'assistant.decompose.own',
  model: 'assistant.decompose.model_source',
  manual: 'assistant.decompose.manual_source',
} as const;

/** The history tab: the analysis runs (one opens its findings) and the decompositions applied (one selects its work). */
function History({
  runs,
  shown,
  decompositions,
  onPickRun,
  onShowWorks,
}: {
  runs: readonly HistoryRow[];
  shown: string | null;
  decompositions: readonly HistoryRow[];
  onPickRun: (id: string) => void;
  onShowWorks: (ids: string[]) => void;
}) {
  const t = useT();
  if (runs.length === 0 && decompositions.length === 0) return <Empty>{t('assistant.empty')}</Empty>;
  return (
    <>
      {runs.length > 0 && <h3 className="assistant-history-heading">{t('assistant.history_runs')}</h3>}
      <ol className="assistant-history stack-list" data-testid="assistant-history">
        {runs.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              className={`assistant-run${r.id === shown ? ' assistant-run-active' : ''}`}
              onClick={() => onPickRun(r.id)}
            >
              <strong>{r.score ?? '—'}</strong>{' '}
              {t('assistant.run_at', { date: formatTimestamp(r.createdAt), revision: r.versionRevision })}
              {r.dcmaApplicable !== null && (
                <span className="muted">
                  {' '}
                  · {t('assistant.dcma_passed', { passed: r.dcmaPassed ?? 0, applicable: r.dcmaApplicable })}
                </span>
              )}
            </button>
          </li>
        ))}
      </ol>
      {decompositions.length > 0 && (
        <>
          <h3 className="assistant-history-heading">{t('assistant.history_decompositions')}</h3>
          <ol className="assistant-history stack-list" data-testid="assistant-decompositions">
            {decompositions.map((d) =>
              d.decomposition ? (
                <li key={d.id}>
                  <button
                    type="button"
                    className="assistant-run"
                    onClick={() => onShowWorks([d.decomposition!.workId])}
                  >
                    {t('assistant.history_decomposition', {
                      work: d.decomposition.workName,
                      count: d.decomposition.subWorks,
                      date: formatTimestamp(d.createdAt),
                      revision: d.versionRevision,
                    })}
                    {d.decomposition.source in SOURCE_LABEL && (
                      <span className="muted">
                        {' '}
                        · {t(SOURCE_LABEL[d.decomposition.source as keyof typeof SOURCE_LABEL])}
                      </span>
                    )}
                  </button>
                </li>
              ) : null,
            )}
          </ol>
        </>
      )}
    </>
  );
}

function Findings({
  analysis,
  comparison,
  summary,
  label,
  onShowWorks,
}: {
  analysis: Analysis;
  comparison: Item['comparison'];
  summary: Summary;
  label: (id: string) => string;
  onShowWorks: (ids: string[]) => void;
}) {
  const t = useT();
  const changes = new Map((comparison?.checks ?? []).map((c) => [c.id, c]));
  const group = (dcma: boolean) => analysis.checks.filter((c) => DCMA.includes(c.id) === dcma);
  return (
    <div className="assistant-findings">
      <SummaryBox analysis={analysis} summary={summary} />
      <p className="assistant-score" data-testid="assistant-score">
        <strong>{t('assistant.score', { score: analysis.score })}</strong>
        <span className="muted">
          {' '}
          · {t('assistant.dcma_passed', { passed: analysis.dcmaPassed, applicable: analysis.dcmaApplicable })}
        </span>
      </p>
      {comparison && <ComparisonLine comparison={comparison} />}
      {([true, false] as const).map((dcma) => (
        <section key={String(dcma)}>
          <h3 className="panel-title">{t(dcma ? 'assistant.group.dcma' : 'assistant.group.extra')}</h3>
          <ul className="assistant-checks stack-list">
            {group(dcma).map((check) => (
              <Finding
                key={check.id}
                check={check}
                change={changes.get(check.id)?.change}
                label={label}
                onShowWorks={onShowWorks}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * The run's summary: the language model's when it wrote one (marked as the model's), else the panel's own
 * — how many applicable checks failed and the weakest three — with a note while the model is still writing.
 */
function SummaryBox({ analysis, summary }: { analysis: Analysis; summary: Summary }) {
  const t = useT();
  if (summary?.status === 'written')
    return (
      <div className="assistant-summary assistant-summary-model" data-testid="assistant-summary">
        <span className="assistant-summary-by" data-testid="assistant-summary-by">
          {t('assistant.summary.model')} · {summary.model}
        </span>
        <p className="assistant-summary-text">{summary.text}</p>
      </div>
    );
  const applicable = analysis.checks.filter((c) => c.status !== 'not_applicable');
  const failed = applicable
    .filter((c) => c.status === 'fail')
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
  const worst = failed.slice(0, 3).map((c) => t(`assistant.check.${c.id as AssistantCheckId}`));
  return (
    <div className="assistant-summary" data-testid="assistant-summary">
      <span className="assistant-summary-by">{t('assistant.summary.local')}</span>
      <p className="assistant-summary-text">
        {failed.length === 0
          ? t('assistant.summary.all_passed', { applicable: applicable.length })
          : t('assistant.summary.failed', {
              failed: failed.length,
              applicable: applicable.length,
              worst: worst.join(', '),
            })}
      </p>
      {summary?.status === 'pending' && (
        <p className="assistant-summary-pending">{t('assistant.summary.pending')}</p>
      )}
    </div>
  );
}

function ComparisonLine({ comparison }: { comparison: Comparison }) {
  const t = useT();
  const name = (id: string) => t(`assistant.check.${id}` as MessageId);
  return (
    <p className="assistant-compare" data-testid="assistant-compare">
      {t('assistant.score_change', { before: comparison.score.before, after: comparison.score.after })}
      {comparison.improved.length > 0 && (
        <span>
          {' '}
          · {t('assistant.improved')}: {comparison.improved.map(name).join(', ')}
        </span>
      )}
      {comparison.worsened.length > 0 && (
        <span>
          {' '}
          · {t('assistant.worsened')}: {comparison.worsened.map(name).join(', ')}
        </span>
      )}
      {comparison.improved.length + comparison.worsened.length === 0 && (
        <span> · {t('assistant.unchanged')}</span>
      )}
    </p>
  );
}

/** A threshold as the check reads it: a share in %, an index, a count. */
function thresholdText(check: Check): string {
  if (check.kind === 'test') return '';
  if (check.kind === 'min_index') return `≥ ${formatNumber(check.threshold, appI18n.locale, 2)}`;
  const sign = check.kind === 'min_percent' ? '≥' : '≤';
  return check.kind === 'max_count' ? `${sign} ${check.threshold}` : `${sign} ${check.threshold} %`;
}

function Finding({
  check,
  change,
  label,
  onShowWorks,
}: {
  check: Check;
  change: string | undefined;
  label: (id: string) => string;
  onShowWorks: (ids: string[]) => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const id = check.id as AssistantCheckId;
  const figure =
    check.kind === 'min_index' || check.kind === 'test'
      ? check.value === null
        ? ''
        : formatNumber(check.value, appI18n.locale, check.kind === 'test' ? 0 : 2)
      : t('assistant.found', { count: check.count, population: check.population }) +
        (check.percent === null ? '' : ` (${formatNumber(check.percent, appI18n.locale, 1)} %)`);
  const tone = check.status === 'pass' ? 'accent' : check.status === 'fail' ? 'warn' : 'neutral';
  return (
    <li className={`assistant-check assistant-${check.status}`} data-testid={`assistant-check-${id}`}>
      <button
        type="button"
        className="assistant-check-head"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
      >
        <span className="assistant-check-score">{check.score ?? '—'}</span>
        <span className="assistant-check-name">{t(`assistant.check.${id}`)}</span>
        <Badge tone={tone}>{t(`assistant.status.${check.status}`)}</Badge>
        {change && change !== 'same' && (
          <span className={`assistant-change assistant-change-${change}`}>
            {change === 'better' ? '▲' : '▼'}
          </span>
        )}
      </button>
      <div className="assistant-check-figures muted">
        {figure}
        {id === 'over_allocation' &&
          !!check.value &&
          ` · ${t('assistant.over_allocation.resources', { count: check.value })}`}
        {check.kind !== 'test' && ` · ${t('assistant.threshold', { threshold: thresholdText(check) })}`}
      </div>
      {open && (
        <div className="assistant-check-body">
          <p className="assistant-explain">{t(`assistant.check.${id}.explain`)}</p>
          {check.workIds.length > 0 && (
            <>
              <ul className="assistant-works">
                {check.workIds.slice(0, LISTED).map((workId) => (
                  <li key={workId}>
                    <button type="button" className="link-button" onClick={() => onShowWorks([workId])}>
                      {label(workId)}
                    </button>
                  </li>
                ))}
              </ul>
              <Button
                variant="secondary"
                onClick={() => onShowWorks(check.workIds)}
                data-testid={`assistant-open-${id}`}
              >
                {t('assistant.open_works', { count: check.workTotal })}
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

/** The decomposition of the grid's active work: its name and the button that opens the dialog. */
function Decomposition({
  versionId,
  scheduleId,
  model,
  activeRow,
  readOnly,
  onChanged,
}: {
  versionId: string;
  scheduleId: string;
  model: ScheduleModel;
  activeRow: number | undefined;
  readOnly: boolean;
  onChanged: () => void;
}) {
  const t = useT();
  const [open, setOpen] = useState<string | null>(null);
  const workId = activeRow === undefined ? undefined : model.ids[activeRow];
  // a work with sub-works is broken down already
  const summary = activeRow !== undefined && model.childCount[activeRow]! > 0;
  const name =
    activeRow === undefined
      ? ''
      : `${textOf(model, model.code[activeRow]!)} ${textOf(model, model.name[activeRow]!)}`.trim();
  return (
    <section className="assistant-decompose" data-testid="assistant-decompose">
      <div className="panel-row">
        <h2 className="panel-heading">{t('assistant.decompose.section')}</h2>
        <Button
          variant="secondary"
          disabled={readOnly || !workId || summary}
          onClick={() => workId && setOpen(workId)}
          data-testid="assistant-decompose-open"
        >
          {t('assistant.decompose.open')}
        </Button>
      </div>
      <p className="muted">
        {workId ? name : t('assistant.decompose.pick_work')}
        {summary && ` · ${t('assistant.decompose.summary_already')}`}
      </p>
      {open && (
        <DecomposeDialog
          versionId={versionId}
          scheduleId={scheduleId}
          workId={open}
          onClose={() => setOpen(null)}
          onApplied={onChanged}
        />
      )}
    </section>
  );
}
