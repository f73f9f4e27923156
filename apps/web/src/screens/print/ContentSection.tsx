import { DEFAULT_PRINT_COLUMNS, DEFAULT_PRINT_KINDS, PRINT_COLUMNS } from '@takt/contracts';
import { Button, Checkbox } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { columnsWith } from './print-draft';
import type { PrintSettings } from './usePrintSettings';

/** What is printed: the plan kinds (plan, approved plan, actual) and the table's columns. */
export function ContentSection({ settings: { draft, update } }: { settings: PrintSettings }) {
  const t = useT();
  if (!draft) return null;
  return (
    <>
      <fieldset className="print-section">
        <legend className="field-label">{t('print.kinds')}</legend>
        <div className="print-checks">
          {(['plan', 'approved_plan', 'fact'] as const).map((kind) => (
            <Checkbox
              key={kind}
              label={t(`print.kind.${kind}`)}
              checked={draft.kinds[kind]}
              onChange={(on) => update({ kinds: { ...draft.kinds, [kind]: on } })}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="print-section">
        <legend className="field-label">{t('print.columns')}</legend>
        <div className="print-checks print-columns">
          {PRINT_COLUMNS.map((column) => (
            <Checkbox
              key={column}
              label={t(`grid.col.${column}`)}
              checked={draft.columns.includes(column)}
              onChange={(on) => update({ columns: columnsWith(draft.columns, column, on) })}
            />
          ))}
        </div>
        <Button
          variant="ghost"
          onClick={() => update({ columns: [...DEFAULT_PRINT_COLUMNS], kinds: { ...DEFAULT_PRINT_KINDS } })}
        >
          {t('print.columns_reset')}
        </Button>
      </fieldset>
    </>
  );
}
