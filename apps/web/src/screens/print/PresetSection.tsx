import { Button } from '../../components/ui';
import { appI18n, useT } from '../../lib/i18n';
import { formatNumber } from '../../lib/schedule-time';
import type { Preset } from './PresetDialog';
import type { PrintSettings } from './usePrintSettings';

const BUILTIN = '';

/** The print format: the built-in one or a preset of the space, with new/edit/delete and the sheet's size. */
export function PresetSection({
  settings: { draft, presets, preset, format, update },
  onEdit,
  onDelete,
}: {
  settings: PrintSettings;
  onEdit: (preset: Preset | 'new') => void;
  onDelete: () => void;
}) {
  const t = useT();
  const mm = (value: number) => formatNumber(value, appI18n.locale);
  return (
    <section className="print-section">
      <label className="field-label" htmlFor="print-preset">
        {t('print.preset')}
      </label>
      <div className="print-preset-row">
        <select
          id="print-preset"
          className="input select"
          value={draft?.presetId ?? BUILTIN}
          onChange={(e) => update({ presetId: e.target.value || null })}
          data-testid="print-preset"
        >
          <option value={BUILTIN}>{t('print.preset_builtin')}</option>
          {presets.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <div className="print-preset-actions">
        <Button variant="ghost" onClick={() => onEdit('new')} data-testid="print-preset-new">
          + {t('print.preset_new')}
        </Button>
        <Button variant="ghost" disabled={!preset} onClick={() => preset && onEdit(preset)}>
          {t('print.preset_edit')}
        </Button>
        <Button variant="ghost" disabled={!preset} onClick={onDelete}>
          {t('print.preset_delete')}
        </Button>
      </div>
      <p className="field-hint" data-testid="print-sheet">
        {t('print.sheet_summary', {
          width: mm(format.sheetWidthMm),
          height: mm(format.sheetHeightMm),
          margin: mm(format.marginMm),
        })}
      </p>
    </section>
  );
}
