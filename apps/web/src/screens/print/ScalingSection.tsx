import type { GanttSnapshot } from '@takt/gantt';
import { useT } from '../../lib/i18n';
import { rangeToStart } from './print-draft';
import type { PrintSettings } from './usePrintSettings';

/** Scaling: the whole schedule fitted to the sheets, or the days between two typed dates. */
export function ScalingSection({
  settings: { draft, rangeText, typeRange, setRange, update },
  snapshot,
}: {
  settings: PrintSettings;
  snapshot: GanttSnapshot;
}) {
  const t = useT();
  const kind = draft?.scaling.kind;
  return (
    <fieldset className="print-section">
      <legend className="field-label">{t('print.scaling')}</legend>
      <label className="check">
        <input
          type="radio"
          name="print-scaling"
          checked={kind === 'fit'}
          onChange={() => update({ scaling: { kind: 'fit' } })}
        />
        <span>{t('print.fit')}</span>
      </label>
      <label className="check">
        <input
          type="radio"
          name="print-scaling"
          checked={kind === 'range'}
          // A schedule without works has no days to start a range from.
          onChange={() => snapshot.workCount > 0 && setRange(rangeToStart(rangeText, snapshot))}
        />
        <span>{t('print.range')}</span>
      </label>
      {kind === 'range' && (
        <div className="print-range">
          <input
            className="input input-compact"
            aria-label={t('print.range_start')}
            placeholder="DD.MM.YYYY"
            value={rangeText.start}
            onChange={(e) => typeRange('start', e.target.value)}
          />
          <span aria-hidden="true">—</span>
          <input
            className="input input-compact"
            aria-label={t('print.range_finish')}
            placeholder="DD.MM.YYYY"
            value={rangeText.finish}
            onChange={(e) => typeRange('finish', e.target.value)}
          />
        </div>
      )}
    </fieldset>
  );
}
