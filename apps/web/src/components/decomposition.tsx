import type { DecompositionProposal } from '@takt/contracts';
import { useMemo } from 'react';
import type { RouterOutputs } from '../lib/api-types';
import { type Translate, useT } from '../lib/i18n';
import './decomposition.css';

/**
 * What the WBS decomposition shows in more than one place (docs/product-rules.md, "Schedule assistant"):
 * why a template matches a work, and a proposal's sub-works on a time line — in the schedule's
 * decomposition dialog and in the administrator's template editor.
 */

type MatchReason = RouterOutputs['assistant']['decompose']['candidates'][number]['reasons'][number];

/** One reason a template matches a work, in words. */
export function matchReasonText(t: Translate, reason: MatchReason): string {
  switch (reason.kind) {
    case 'word':
      return t('assistant.decompose.reason.word', { word: reason.word });
    case 'attribute':
      return t('assistant.decompose.reason.attribute', { attribute: reason.attribute, word: reason.word });
    case 'unit':
      return t('assistant.decompose.reason.unit', { unit: reason.unit });
    case 'floors':
      return t('assistant.decompose.reason.floors', { floors: reason.floors });
    default:
      return t('assistant.decompose.reason.volume');
  }
}

/**
 * The sub-works on a time line of working days: each starts as early as its relations within the
 * proposal let it (lags and leads included), as the calculation will place them under the work's start.
 */
export function DecompositionTimeline({
  proposal,
  testId,
}: {
  proposal: DecompositionProposal;
  testId: string;
}) {
  const t = useT();
  const bars = useMemo(() => earlyStarts(proposal), [proposal]);
  const end = Math.max(1, ...bars.map((b) => b.start + b.days));
  return (
    <figure className="decompose-preview" data-testid={testId}>
      <figcaption className="decompose-preview-title">{t('assistant.decompose.preview')}</figcaption>
      {bars.map((bar) => (
        <div key={bar.key} className="decompose-preview-row">
          <span className="decompose-preview-name">{bar.name}</span>
          <span className="decompose-preview-track">
            <span
              className="decompose-preview-bar"
              style={{
                left: `${(bar.start / end) * 100}%`,
                width: `${Math.max(0.5, (bar.days / end) * 100)}%`,
              }}
            />
          </span>
        </div>
      ))}
    </figure>
  );
}

function earlyStarts(proposal: DecompositionProposal) {
  const days = new Map(
    proposal.items.map((item) => [
      item.key,
      Number.isFinite(item.durationDays) ? Math.max(0, item.durationDays) : 0,
    ]),
  );
  const start = new Map(proposal.items.map((item) => [item.key, 0]));
  // As many passes as sub-works settle any order of an acyclic proposal.
  for (let pass = 0; pass < proposal.items.length; pass++) {
    let moved = false;
    for (const r of proposal.relations) {
      if (!start.has(r.from) || !start.has(r.to)) continue;
      const from = start.get(r.from)!;
      const fromDays = days.get(r.from)!;
      const toDays = days.get(r.to)!;
      const earliest =
        r.type === 'fs'
          ? from + fromDays + r.lagDays
          : r.type === 'ss'
            ? from + r.lagDays
            : r.type === 'ff'
              ? from + fromDays + r.lagDays - toDays
              : from + r.lagDays - toDays;
      if (earliest > start.get(r.to)!) {
        start.set(r.to, earliest);
        moved = true;
      }
    }
    if (!moved) break;
  }
  return proposal.items.map((item) => ({
    key: item.key,
    name: item.name,
    start: Math.max(0, start.get(item.key)!),
    days: days.get(item.key)!,
  }));
}
