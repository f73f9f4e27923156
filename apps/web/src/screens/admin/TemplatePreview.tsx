import type { Language } from '@takt/contracts';
import { useEffect, useState } from 'react';
import { DecompositionTimeline, matchReasonText } from '../../components/decomposition';
import { numHead, PlainTable } from '../../components/table';
import { Spinner, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { describeFailure } from '../../lib/errors';
import { appI18n, useT } from '../../lib/i18n';
import { formatNumber } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import { type checkDraft, serverDraftErrors, type TemplateDraft } from './template-draft';

/** How long typing pauses before the draft is tried again. */
const PAUSE_MS = 400;

interface Sample {
  name: string;
  unit: string;
  volume: string;
  days: string;
  attribute: string;
  value: string;
}

/** A sample a template's own words point to: its name, its first unit, a volume when it splits one. */
function sampleFor(draft: TemplateDraft, language: Language): Sample {
  const name = language === 'ru' ? draft.name.ru : draft.name.en;
  const unit = draft.units.split(',')[0]?.trim() ?? '';
  return {
    name,
    unit,
    volume: draft.volume === 'none' ? '' : '100',
    days: '10',
    attribute: '',
    value: '',
  };
}

const numberOf = (text: string) => {
  const plain = text.trim().replace(',', '.');
  return plain === '' ? null : Number(plain);
};

/**
 * The draft tried on a work-like sample (docs/product-rules.md, "Schedule assistant"): how well it
 * matches the work and why, which templates the assistant would propose before it, and its sub-works
 * with days, volumes and trades on a time line — computed by the server as a real decomposition is,
 * a moment after the draft or the sample last changed. Nothing is saved.
 */
export function TemplatePreview({
  check,
  draft,
  templateId,
  language,
}: {
  check: ReturnType<typeof checkDraft>;
  draft: TemplateDraft;
  templateId: string | undefined;
  language: Language;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  // The sample follows the template's own name, units and volume rule until it is typed in.
  const [typed, setTyped] = useState<Sample | null>(null);
  const sample = typed ?? sampleFor(draft, language);
  const preview = trpc.assistant.templates.preview.useMutation({
    trpc: { context: { showsIssues: true, showsMessages: true } },
  });
  const template = check.ok ? check.template : null;
  const ready = sample.name.trim() !== '' && sample.days.trim() !== '';
  // The call as text: tried again only when something in it changed, once typing pauses.
  const request =
    template && ready
      ? JSON.stringify({
          spaceId,
          template,
          templateId,
          language,
          sample: {
            name: sample.name,
            unit: sample.unit.trim() || null,
            volume: numberOf(sample.volume),
            days: numberOf(sample.days),
            attributes:
              sample.attribute.trim() && sample.value.trim()
                ? [{ name: sample.attribute, value: sample.value }]
                : [],
          },
        })
      : null;
  const { mutate } = preview;
  useEffect(() => {
    if (!request) return;
    const timer = setTimeout(() => mutate(JSON.parse(request)), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [request, mutate]);

  const failure = preview.error ? describeFailure(preview.error, null) : null;
  const sampleErrors = failure ? serverDraftErrors(failure.issues, 'sample') : {};
  const set = (field: keyof Sample) => (value: string) => setTyped({ ...sample, [field]: value });
  const answer = preview.data;

  return (
    <section className="template-preview" data-testid="template-preview">
      <h3 className="template-section">{t('assistant.templates.section.preview')}</h3>
      <p className="muted">{t('assistant.templates.sample.hint')}</p>
      <div className="template-sample">
        <TextField
          label={t('assistant.templates.sample.name')}
          value={sample.name}
          onChange={set('name')}
          error={sampleErrors.name}
          data-testid="sample-name"
        />
        <TextField
          label={t('assistant.templates.sample.unit')}
          value={sample.unit}
          onChange={set('unit')}
          error={sampleErrors.unit}
        />
        <TextField
          label={t('assistant.templates.sample.volume')}
          inputMode="decimal"
          value={sample.volume}
          onChange={set('volume')}
          error={sampleErrors.volume}
        />
        <TextField
          label={t('assistant.templates.sample.days')}
          inputMode="decimal"
          value={sample.days}
          onChange={set('days')}
          error={sampleErrors.days}
          data-testid="sample-days"
        />
        <TextField
          label={t('assistant.templates.sample.attribute')}
          value={sample.attribute}
          onChange={set('attribute')}
          error={sampleErrors['attributes.0.name']}
        />
        <TextField
          label={t('assistant.templates.sample.attribute_value')}
          value={sample.value}
          onChange={set('value')}
          error={sampleErrors['attributes.0.value']}
        />
      </div>
      {!template ? (
        <p className="muted" data-testid="preview-waiting">
          {t('assistant.templates.preview.fix')}
        </p>
      ) : !ready ? (
        <p className="muted" data-testid="preview-waiting">
          {t('assistant.templates.preview.sample_needed')}
        </p>
      ) : failure && Object.keys(sampleErrors).length === 0 ? (
        <p className="field-error">{failure.messages.join(' ')}</p>
      ) : !answer ? (
        preview.isPending && <Spinner />
      ) : (
        <div className={preview.isPending ? 'template-result template-result-busy' : 'template-result'}>
          <p data-testid="preview-match">
            {answer.score > 0
              ? t('assistant.templates.preview.score', {
                  score: answer.score,
                  reasons: answer.reasons.map((reason) => matchReasonText(t, reason)).join(' · '),
                })
              : t('assistant.templates.preview.no_match')}
          </p>
          {answer.score > 0 && (
            <p data-testid="preview-rank">
              {answer.ahead.length
                ? t('assistant.templates.preview.ahead', {
                    names: answer.ahead.map((c) => `${c.name} (${c.score})`).join(', '),
                  })
                : t('assistant.templates.preview.first')}
            </p>
          )}
          <div className="template-result-grid">
            <PlainTable
              testId="preview-items"
              heads={[
                t('assistant.decompose.col.name'),
                numHead(t('assistant.decompose.col.days')),
                numHead(t('assistant.decompose.col.volume')),
                t('assistant.decompose.col.unit'),
                t('assistant.decompose.col.trade'),
              ]}
            >
              {answer.proposal.items.map((item) => (
                <tr key={item.key}>
                  <td>{item.name}</td>
                  <td className="num">{formatNumber(item.durationDays, appI18n.locale)}</td>
                  <td className="num">
                    {item.volume === null ? '—' : formatNumber(item.volume, appI18n.locale)}
                  </td>
                  <td>{item.unit ?? ''}</td>
                  <td>{item.trade ?? ''}</td>
                </tr>
              ))}
            </PlainTable>
            <DecompositionTimeline proposal={answer.proposal} testId="preview-timeline" />
          </div>
        </div>
      )}
    </section>
  );
}
