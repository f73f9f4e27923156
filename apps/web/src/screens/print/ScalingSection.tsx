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
  const dateInput = (end: 'start' | 'finish') => (
    <input
      className="input input-compact"
      aria-label={t(`print.range_${end}`)}
      placeholder="DD.MM.YYYY"
      value={rangeText[end]}
      onChange={(e) => typeRange(end, e.target.value)}
    />
  );
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
          {dateInput('start')}
          <span aria-hidden="true">—</span>
          {dateInput('finish')}
        </div>
      )}
    </fieldset>
  );
}
