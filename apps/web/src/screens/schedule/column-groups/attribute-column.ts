import type { ColumnSetting } from '../../../lib/grid-columns';
import type { GridColumn } from '../WbsGrid';
import { attributeText, parseAttributeText } from './cells';
import type { Attribute } from './context';
import type { ColumnTools } from './tools';

/**
 * The column of a user attribute: its values by work, edited as text (a yes/no select for booleans); a formula
 * attribute's values are computed, so read only, its title marked ƒ.
 */
export function attributeColumn(
  { ctx, num }: ColumnTools,
  setting: ColumnSetting,
  attribute: Attribute,
): GridColumn {
  const { t, model: m } = ctx;
  const valueAt = (row: number) => ctx.attributeValues.get(m.ids[row]!)?.[attribute.id];
  const show = (v: unknown) => attributeText(t, num, attribute.valueType, v);
  return {
    key: setting.key,
    width: setting.width,
    title: attribute.formula ? `ƒ ${attribute.name}` : attribute.name,
    align: ['number', 'money', 'percentage'].includes(attribute.valueType) ? 'right' : undefined,
    render: (row) => show(valueAt(row)),
    editor:
      attribute.canEdit && !attribute.formula
        ? {
            kind: attribute.valueType === 'boolean' ? 'select' : 'text',
            options:
              attribute.valueType === 'boolean'
                ? [
                    { value: '', label: t('common.none') },
                    { value: 'true', label: t('common.yes') },
                    { value: 'false', label: t('common.no') },
                  ]
                : undefined,
            initial: (row) => {
              const v = valueAt(row);
              return typeof v === 'boolean' ? String(v) : show(v);
            },
            commit: (row, text) => {
              const parsed = parseAttributeText(t, attribute.valueType, text);
              if ('error' in parsed) return Promise.resolve(parsed.error);
              return ctx.save(row, { attributes: { [attribute.id]: parsed.value } });
            },
          }
        : undefined,
  };
}
