import { type DecompositionProposal, decompositionProposal } from '@takt/contracts';
import { isMessageId, type MessageId } from '@takt/i18n';
import { useEffect, useState } from 'react';
import { DecompositionTimeline, matchReasonText } from '../../components/decomposition';
import { FormDialog } from '../../components/dialog';
import { Badge, Button, CrossButton, SelectField, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { describeFailure } from '../../lib/errors';
import { appI18n, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { formatNumber } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';

type Answer = RouterOutputs['assistant']['decompose'];
type Candidate = Answer['candidates'][number];
type Item = DecompositionProposal['items'][number];

/** The choice of the dialog: a template by its id, or the language model's proposal. */
const MODEL = 'model';

/** Hundredths of a day, as the server compares them. */
const hundredths = (value: number) => Math.round(value * 100) / 100;

/** An attribute that looks like it holds trades is offered first. */
const TRADE_NAME = /trade|speciali|специальн|профес|вид работ/i;

/**
 * The decomposition of one work (docs/product-rules.md, "WBS decomposition"): the templates best first
 * with why they match (and the language model's proposal when one is configured and asked), the chosen
 * proposal's sub-works to edit — names, days, volumes, units, trades, rows added and removed — with the
 * sum of days against the work's, a preview of the sub-works on a time line, and Apply: one undo action.
 */
export function DecomposeDialog({
  versionId,
  scheduleId,
  workId,
  onClose,
  onApplied,
}: {
  versionId: string;
  scheduleId: string;
  workId: string;
  onClose: () => void;
  onApplied: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const language = appI18n.locale === 'ru' ? 'ru' : 'en';
  const [choice, setChoice] = useState<string | null>(null);
  const [askModel, setAskModel] = useState(false);
  const template = choice && choice !== MODEL ? choice : undefined;
  const query = trpc.assistant.decompose.useQuery(
    { spaceId, versionId, workId, template, language, model: askModel },
    { placeholderData: (previous) => previous, retry: false, staleTime: Number.POSITIVE_INFINITY },
  );
  const attributes = trpc.attributes.list.useQuery({ spaceId, scheduleId });
  const textAttributes = (attributes.data ?? []).filter((a) => a.valueType === 'string');
  const [tradeAttribute, setTradeAttribute] = useState<string | null>(null);
  const tradeAttributeId = tradeAttribute ?? textAttributes.find((a) => TRADE_NAME.test(a.name))?.id ?? '';
  const answer = query.data;
  const modelProposal = answer?.model && 'proposal' in answer.model ? answer.model : null;
  const source = choice === MODEL && modelProposal ? modelProposal.proposal : (answer?.proposal ?? null);
  const [draft, setDraft] = useState<DecompositionProposal | null>(null);
  // A new proposal (another template, the model's) replaces what was edited.
  useEffect(() => setDraft(source), [source]);
  const utils = trpc.useUtils();
  const apply = trpc.assistant.applyDecompose.useMutation({
    // the server's own texts are told here, for longer; the app tells any other failure, once
    trpc: { context: { showsIssues: true, showsMessages: true } },
    onSuccess: (result) => {
      notify('success', [t('assistant.decompose.applied', { count: result.workIds.length })]);
      // marked stale, not asked again: the work is a summary now, which the server would refuse to break down
      void utils.assistant.decompose.invalidate(undefined, { refetchType: 'none' });
      onApplied();
      onClose();
    },
    onError: (error) => {
      const failure = describeFailure(error, null);
      if (failure.localized) notify('error', failure.messages, 6000);
    },
  });

  if (query.isLoading || !answer || !draft) {
    return (
      <FormDialog title={t('assistant.decompose.section')} onClose={onClose} wide testId="decompose-dialog">
        {query.error ? (
          <p className="form-error">
            {describeFailure(query.error, 'assistant.decompose').messages.join(' ')}
          </p>
        ) : (
          <Spinner />
        )}
      </FormDialog>
    );
  }

  const chosen = choice ?? answer.template;
  const sumOff = Math.abs(sumOfDays(draft) - answer.work.days) > 0.005;
  const parsed = decompositionProposal.safeParse(draft);

  return (
    <FormDialog
      title={t('assistant.decompose.title', { name: answer.work.name })}
      onClose={onClose}
      wide
      testId="decompose-dialog"
      submitLabel={t('assistant.decompose.apply')}
      busy={apply.isPending}
      onSubmit={() => {
        if (sumOff || !parsed.success) return;
        apply.mutate({
          spaceId,
          versionId,
          workId,
          revision: answer.work.revision,
          proposal: parsed.data,
          tradeAttributeId: tradeAttributeId || undefined,
        });
      }}
    >
      <div className="decompose">
        <DecomposeTemplates
          answer={answer}
          chosen={chosen}
          onChoose={setChoice}
          asking={query.isFetching && askModel}
          onAskModel={() => setAskModel(true)}
        />
        <section className="decompose-proposal">
          <ProposalItems draft={draft} onChange={setDraft} days={answer.work.days} />
          <p className="muted">{t('assistant.decompose.relations', { count: draft.relations.length })}</p>
          <DecompositionTimeline proposal={draft} testId="decompose-preview" />
          <SelectField
            label={t('assistant.decompose.trade_attribute')}
            value={tradeAttributeId}
            onChange={setTradeAttribute}
            options={[
              { value: '', label: t('assistant.decompose.trade_none') },
              ...textAttributes.map((a) => ({ value: a.id, label: a.name })),
            ]}
          />
        </section>
      </div>
    </FormDialog>
  );
}

/** The days of the proposal's rows added up, as the server compares them with the work's. */
const sumOfDays = (draft: DecompositionProposal) =>
  hundredths(
    draft.items.reduce(
      (total, item) => total + (Number.isFinite(item.durationDays) ? item.durationDays : 0),
      0,
    ),
  );

/** The templates best first with why they match, and the language model's proposal when one is configured. */
function DecomposeTemplates({
  answer,
  chosen,
  onChoose,
  asking,
  onAskModel,
}: {
  answer: Answer;
  chosen: string;
  onChoose: (id: string) => void;
  asking: boolean;
  onAskModel: () => void;
}) {
  const t = useT();
  const modelProposal = answer.model && 'proposal' in answer.model ? answer.model : null;
  const matched = answer.candidates.filter((c) => c.score > 0);
  const others = answer.candidates.filter((c) => c.score === 0);
  return (
    <section className="decompose-templates" aria-label={t('assistant.decompose.templates')}>
      <h3 className="panel-title">{t('assistant.decompose.templates')}</h3>
      <ul className="stack-list" data-testid="decompose-templates">
        {matched.map((c) => (
          <TemplateChoice key={c.id} candidate={c} chosen={chosen === c.id} onChoose={() => onChoose(c.id)} />
        ))}
        {answer.model && (
          <li>
            {modelProposal ? (
              <button
                type="button"
                className={`decompose-choice${chosen === MODEL ? ' decompose-choice-active' : ''}`}
                onClick={() => onChoose(MODEL)}
                data-testid="decompose-model-choice"
              >
                <strong>{t('assistant.decompose.model_source')}</strong>
                {modelProposal.adjusted && (
                  <span className="muted decompose-why">{t('assistant.decompose.model_adjusted')}</span>
                )}
              </button>
            ) : (
              <p className="form-error" data-testid="decompose-model-error">
                {'error' in answer.model && isMessageId(answer.model.error)
                  ? t(answer.model.error as MessageId)
                  : ''}
              </p>
            )}
          </li>
        )}
      </ul>
      {answer.modelConfigured && !answer.model && (
        <Button variant="secondary" busy={asking} onClick={onAskModel} data-testid="decompose-ask-model">
          {t('assistant.decompose.ask_model')}
        </Button>
      )}
      {others.length > 0 && (
        <>
          <h3 className="panel-title">
            {matched.length ? t('assistant.decompose.other_templates') : t('assistant.decompose.templates')}
          </h3>
          <ul className="stack-list">
            {others.map((c) => (
              <TemplateChoice
                key={c.id}
                candidate={c}
                chosen={chosen === c.id}
                onChoose={() => onChoose(c.id)}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * The chosen proposal's rows to edit — names, days, volumes, units, trades; rows added and removed (two at
 * least stay) — and the sum of days against the work's.
 */
function ProposalItems({
  draft,
  onChange,
  days,
}: {
  draft: DecompositionProposal;
  onChange: (draft: DecompositionProposal) => void;
  days: number;
}) {
  const t = useT();
  const sum = sumOfDays(draft);
  const sumOff = Math.abs(sum - days) > 0.005;
  const edit = (k: number, patch: Partial<Item>) =>
    onChange({ ...draft, items: draft.items.map((item, i) => (i === k ? { ...item, ...patch } : item)) });
  const remove = (k: number) => {
    const key = draft.items[k]!.key;
    onChange({
      ...draft,
      items: draft.items.filter((_, i) => i !== k),
      relations: draft.relations.filter((r) => r.from !== key && r.to !== key),
    });
  };
  const add = () => {
    const taken = new Set(draft.items.map((item) => item.key));
    let n = draft.items.length + 1;
    while (taken.has(`row-${n}`)) n++;
    onChange({
      ...draft,
      items: [
        ...draft.items,
        {
          key: `row-${n}`,
          name: t('assistant.decompose.new_row'),
          durationDays: 1,
          volume: null,
          unit: null,
          trade: null,
        },
      ],
    });
  };
  const number = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));
  const figures = { sum: formatNumber(sum, appI18n.locale), days: formatNumber(days, appI18n.locale) };
  return (
    <>
      <table className="decompose-table" data-testid="decompose-items">
        <thead>
          <tr>
            <th>{t('assistant.decompose.col.name')}</th>
            <th>{t('assistant.decompose.col.days')}</th>
            <th>{t('assistant.decompose.col.volume')}</th>
            <th>{t('assistant.decompose.col.unit')}</th>
            <th>{t('assistant.decompose.col.trade')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {draft.items.map((item, k) => (
            <tr key={item.key}>
              <td>
                <input
                  className="input"
                  aria-label={t('assistant.decompose.col.name')}
                  value={item.name}
                  onChange={(e) => edit(k, { name: e.target.value })}
                />
              </td>
              <td>
                <input
                  className="input"
                  aria-label={t('assistant.decompose.col.days')}
                  type="number"
                  step="0.01"
                  min="0.01"
                  value={Number.isFinite(item.durationDays) ? item.durationDays : ''}
                  onChange={(e) => edit(k, { durationDays: number(e.target.value) ?? Number.NaN })}
                />
              </td>
              <td>
                <input
                  className="input"
                  aria-label={t('assistant.decompose.col.volume')}
                  type="number"
                  step="any"
                  min="0"
                  value={item.volume ?? ''}
                  onChange={(e) => edit(k, { volume: number(e.target.value) })}
                />
              </td>
              <td>
                <input
                  className="input"
                  aria-label={t('assistant.decompose.col.unit')}
                  value={item.unit ?? ''}
                  onChange={(e) => edit(k, { unit: e.target.value || null })}
                />
              </td>
              <td>
                <input
                  className="input"
                  aria-label={t('assistant.decompose.col.trade')}
                  value={item.trade ?? ''}
                  onChange={(e) => edit(k, { trade: e.target.value || null })}
                />
              </td>
              <td>
                <CrossButton
                  label={t('assistant.decompose.remove_row')}
                  onClick={() => remove(k)}
                  disabled={draft.items.length <= 2}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="panel-row">
        <Button variant="ghost" onClick={add} data-testid="decompose-add">
          + {t('assistant.decompose.add_row')}
        </Button>
        <span className={`decompose-sum${sumOff ? ' decompose-sum-off' : ''}`} data-testid="decompose-sum">
          {t(sumOff ? 'assistant.decompose.sum_off' : 'assistant.decompose.sum', figures)}
        </span>
      </div>
    </>
  );
}

function TemplateChoice({
  candidate,
  chosen,
  onChoose,
}: {
  candidate: Candidate;
  chosen: boolean;
  onChoose: () => void;
}) {
  const t = useT();
  return (
    <li>
      <button
        type="button"
        className={`decompose-choice${chosen ? ' decompose-choice-active' : ''}`}
        onClick={onChoose}
        aria-pressed={chosen}
        data-testid={`decompose-template-${candidate.id}`}
      >
        <span className="decompose-choice-head">
          <strong>{candidate.name}</strong>
          <Badge tone={candidate.source === 'space' ? 'accent' : 'neutral'}>
            {t(candidate.source === 'space' ? 'assistant.decompose.own' : 'assistant.decompose.builtin')}
          </Badge>
          {candidate.score > 0 && (
            <span className="muted">{t('assistant.decompose.score', { score: candidate.score })}</span>
          )}
        </span>
        <span className="muted decompose-why">
          {candidate.reasons.length
            ? candidate.reasons.map((reason) => matchReasonText(t, reason)).join(' · ')
            : t('assistant.decompose.no_reason')}
        </span>
      </button>
    </li>
  );
}
