import { CYCLOGRAM_PALETTE, type CyclogramInput, cyclogramAverageRate, themeHex } from '@takt/gantt';
import { IconButton } from '../../components/ui';
import { appI18n, useT } from '../../lib/i18n';
import { formatNumber } from '../../lib/schedule-time';
import type { CyclogramState } from './useCyclogram';

/** The legend: the line of each plan kind, the clash mark, and each trade with its colour and average rate. */
export function CyclogramLegend({
  cyclogram: { data, colouring, setColor },
  input,
  editable,
}: {
  cyclogram: CyclogramState;
  input: CyclogramInput;
  editable: boolean;
}) {
  const t = useT();
  if (!data) return null;
  const colorOf = (index: number) =>
    data.trades[index]?.color ?? CYCLOGRAM_PALETTE[index % CYCLOGRAM_PALETTE.length]!;
  return (
    <section aria-labelledby="cyclogram-legend">
      <h2 id="cyclogram-legend" className="cyclogram-side-title">
        {t('cyclogram.legend')}
      </h2>
      <div className="cyclogram-kinds-legend">
        {(['plan', 'approved_plan', 'fact'] as const).map((kind) => (
          <span key={kind} className="cyclogram-kind-sample">
            <svg width="28" height="10" aria-hidden="true">
              <line
                x1="0"
                y1="5"
                x2="28"
                y2="5"
                className={`cyclogram-sample-${kind}`}
                stroke="currentColor"
              />
            </svg>
            {t(`cyclogram.kind.${kind}`)}
          </span>
        ))}
        <span className="cyclogram-kind-sample">
          <span className="cyclogram-clash-dot" aria-hidden="true" />
          {t('cyclogram.clashes')}
        </span>
      </div>
      <ul className="cyclogram-trades stack-list" data-testid="cyclogram-legend">
        {data.trades.map((trade, index) => {
          const rate = cyclogramAverageRate(input.trades[index]!, 'plan');
          return (
            <li key={trade.key} className="cyclogram-trade">
              <input
                type="color"
                className="cyclogram-swatch"
                value={themeHex(colorOf(index))}
                disabled={!editable || colouring}
                aria-label={t('cyclogram.color', { trade: trade.key })}
                onChange={(e) => setColor(trade.key, Number.parseInt(e.target.value.slice(1), 16))}
              />
              <span className="cyclogram-trade-name" title={trade.key}>
                {trade.key}
              </span>
              {Number.isFinite(rate) && (
                <span className="cyclogram-rate">
                  {t('cyclogram.rate', { rate: formatNumber(rate, appI18n.locale, 2) })}
                </span>
              )}
              {trade.color !== null && editable && (
                <IconButton
                  className="cyclogram-reset"
                  label={t('cyclogram.color_reset')}
                  onClick={() => setColor(trade.key, null)}
                >
                  ×
                </IconButton>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
