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
    <label className="cyclogram-field">
      <span>{label}</span>
      <select
        className="input input-compact"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      >
        {withNames && <option value="name">{t('cyclogram.source.name')}</option>}
        {Array.from({ length: Math.max(1, levels) }, (_, i) => i + 1).map((level) => (
          <option key={level} value={`wbs:${level}`}>
            {t('cyclogram.source.wbs', { level })}
          </option>
        ))}
        {attributes.map((a) => (
          <option key={a.id} value={`attribute:${a.id}`}>
            {t('cyclogram.source.attribute', { name: a.name })}
          </option>
        ))}
      </select>
    </label>
  );
}
