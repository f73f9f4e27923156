import { CompactSelect } from '../../components/compact-select';
import { InlineLabel } from '../../components/inline-label';
import { useT } from '../../lib/i18n';

/** A select of where locations or trades come from: the works' names, a WBS level or an attribute. */
export function SourceSelect({
  label,
  value,
  levels,
  attributes,
  withNames,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  levels: number;
  attributes: { id: string; name: string }[];
  withNames: boolean;
  onChange: (value: string) => void;
  testId: string;
}) {
  const t = useT();
  return (
    <InlineLabel className="cyclogram-field" text={label}>
      <CompactSelect
        value={value}
        onChange={onChange}
        data-testid={testId}
        options={[
          ...(withNames ? [{ value: 'name', label: t('cyclogram.source.name') }] : []),
          ...Array.from({ length: Math.max(1, levels) }, (_, i) => ({
            value: `wbs:${i + 1}`,
            label: t('cyclogram.source.wbs', { level: i + 1 }),
          })),
          ...attributes.map((a) => ({
            value: `attribute:${a.id}`,
            label: t('cyclogram.source.attribute', { name: a.name }),
          })),
        ]}
      />
    </InlineLabel>
  );
}
