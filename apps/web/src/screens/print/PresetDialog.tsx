import { PRINT_TITLE_VALUES, type PrintTitleValue, printPresetFields } from '@takt/contracts';
import type { MessageId } from '@takt/i18n';
import { useRef, useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { Button, Checkbox, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { type FieldErrors, fieldErrorsOf, zodFieldErrors } from '../../lib/form';
import { appI18n, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { formatNumber, parseNumberText } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import { DEFAULT_TITLES } from './builtin-format';

export type Preset = RouterOutputs['print']['presets'][number];
type TitleKey = 'firstHeader' | 'header' | 'footer' | 'lastFooter';
type Slot = 'left' | 'center' | 'right';
const TITLE_KEYS: readonly TitleKey[] = ['firstHeader', 'header', 'footer', 'lastFooter'];
const SLOTS: readonly Slot[] = ['left', 'center', 'right'];

/** Sheets offered with one click (landscape, mm): width × height. */
const STANDARD_SHEETS: readonly { name: string; width: number; height: number }[] = [
  { name: 'A4', width: 297, height: 210 },
  { name: 'A3', width: 420, height: 297 },
  { name: 'A2', width: 594, height: 420 },
  { name: 'A1', width: 841, height: 594 },
];

/** The sheet's sizes in millimetres, typed as numbers of the user's locale. */
type SheetField = 'sheetWidthMm' | 'sheetHeightMm' | 'marginMm';
const SHEET_FIELDS: readonly { field: SheetField; label: MessageId }[] = [
  { field: 'sheetWidthMm', label: 'print.sheet_width' },
  { field: 'sheetHeightMm', label: 'print.sheet_height' },
  { field: 'marginMm', label: 'print.margin' },
];

const number = (value: number) => formatNumber(value, appI18n.locale);

/**
 * Creates or edits a print format preset (entities): sheet, margin, titles with dynamic values. The zod
 * schema of the contracts checks it here as the server does (validation rules limits), the server adds the unique
 * name check.
 */
export function PresetDialog({
  preset,
  versionId,
  onClose,
  onSaved,
}: {
  preset: Preset | null;
  versionId: string;
  onClose: () => void;
  onSaved: (preset: Preset) => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [name, setName] = useState(preset?.name ?? '');
  const [sheet, setSheet] = useState<Record<SheetField, string>>({
    sheetWidthMm: number(preset?.sheetWidthMm ?? 420),
    sheetHeightMm: number(preset?.sheetHeightMm ?? 297),
    marginMm: number(preset?.marginMm ?? 10),
  });
  const [titles, setTitles] = useState(preset?.titles ?? DEFAULT_TITLES);
  const [textSize, setTextSize] = useState(number(titles.textSize));
  const [errors, setErrors] = useState<FieldErrors>({});
  const lastTitle = useRef<{ key: TitleKey; slot: Slot; caret: number } | null>(null);
  const create = trpc.print.createPreset.useMutation({ trpc: { context: { showsIssues: true } } });
  const update = trpc.print.updatePreset.useMutation({ trpc: { context: { showsIssues: true } } });

  /** A setter that also clears the field's error. */
  const edited =
    <T,>(field: string, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setErrors(({ [field]: _cleared, ...rest }) => rest);
    };

  const setSheetField = (field: SheetField) =>
    edited(field, (value: string) => setSheet((current) => ({ ...current, [field]: value })));

  const setSlot = (key: TitleKey, slot: Slot, value: string) =>
    setTitles((current) => ({ ...current, [key]: { ...current[key], [slot]: value } }));

  /** Adds `{value}` where the caret was in the title field edited last (the first header's left otherwise). */
  const insertValue = (value: PrintTitleValue) => {
    const target = lastTitle.current ?? {
      key: 'firstHeader',
      slot: 'left',
      caret: titles.firstHeader.left.length,
    };
    const text = titles[target.key][target.slot];
    const caret = Math.min(target.caret, text.length);
    const token = `{${value}}`;
    setSlot(target.key, target.slot, `${text.slice(0, caret)}${token}${text.slice(caret)}`);
    lastTitle.current = { ...target, caret: caret + token.length };
  };

  const submit = async () => {
    const values = {
      name,
      sheetHeightMm: parseNumberText(sheet.sheetHeightMm) ?? Number.NaN,
      sheetWidthMm: parseNumberText(sheet.sheetWidthMm) ?? Number.NaN,
      marginMm: parseNumberText(sheet.marginMm) ?? Number.NaN,
      titles: { ...titles, textSize: parseNumberText(textSize) ?? Number.NaN },
    };
    const parsed = printPresetFields.safeParse(values);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    try {
      const saved = preset
        ? await update.mutateAsync({
            spaceId,
            versionId,
            presetId: preset.id,
            revision: preset.revision,
            ...parsed.data,
          })
        : await create.mutateAsync({ spaceId, versionId, ...parsed.data });
      notify('success', [t('print.preset_created', { name: saved.name })]);
      onSaved(saved);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    }
  };

  return (
    <FormDialog
      title={preset ? t('print.preset_edit') : t('print.preset_new')}
      wide
      busy={create.isPending || update.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="print-preset-dialog"
    >
      <TextField
        label={t('print.preset_name')}
        value={name}
        onChange={edited('name', setName)}
        error={errors.name}
        maxLength={32}
      />
      <div className="print-sheet-row">
        {SHEET_FIELDS.map(({ field, label }) => (
          <TextField
            key={field}
            label={t(label)}
            value={sheet[field]}
            onChange={setSheetField(field)}
            error={errors[field]}
            inputMode="decimal"
          />
        ))}
      </div>
      <div className="print-chips">
        <span className="field-hint">{t('print.standard_sheets')}:</span>
        {STANDARD_SHEETS.map((standard) => (
          <Button
            key={standard.name}
            variant="ghost"
            onClick={() => {
              setSheetField('sheetWidthMm')(number(standard.width));
              setSheetField('sheetHeightMm')(number(standard.height));
            }}
          >
            {standard.name}
          </Button>
        ))}
      </div>
      <fieldset className="print-titles">
        <legend>{t('print.titles')}</legend>
        {TITLE_KEYS.map((key) => (
          <div key={key} className="print-title-row">
            <span className="print-title-label">{t(`print.titles.${key}`)}</span>
            {SLOTS.map((slot) => (
              <input
                key={slot}
                className="input input-compact"
                aria-label={`${t(`print.titles.${key}`)} · ${t(`print.slot.${slot}`)}`}
                placeholder={t(`print.slot.${slot}`)}
                value={titles[key][slot]}
                maxLength={200}
                onChange={(e) => {
                  setSlot(key, slot, e.target.value);
                  lastTitle.current = { key, slot, caret: e.target.selectionStart ?? e.target.value.length };
                }}
                onSelect={(e) => {
                  lastTitle.current = { key, slot, caret: e.currentTarget.selectionStart ?? 0 };
                }}
              />
            ))}
          </div>
        ))}
        {errors.titles && (
          <div className="field-error">{appI18n._(errors.titles.message, errors.titles.params)}</div>
        )}
        <div className="print-chips">
          <span className="field-hint">{t('print.dynamic_hint')}</span>
          {PRINT_TITLE_VALUES.map((value) => (
            <Button key={value} variant="ghost" onClick={() => insertValue(value)}>
              {t(`print.value.${value}`)}
            </Button>
          ))}
        </div>
        <div className="print-sheet-row">
          <TextField
            label={t('print.text_size')}
            value={textSize}
            onChange={edited('titles', setTextSize)}
            inputMode="decimal"
          />
          <Checkbox
            label={t('print.dynamic_values')}
            checked={titles.dynamicValues}
            onChange={(dynamicValues) => setTitles((current) => ({ ...current, dynamicValues }))}
          />
        </div>
      </fieldset>
    </FormDialog>
  );
}
