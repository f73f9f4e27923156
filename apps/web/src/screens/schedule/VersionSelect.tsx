import { useT } from '../../lib/i18n';
import type { VersionInfo } from '../../lib/schedule-types';

/** The version picker in the title of a schedule's screens (schedule, cyclogram, 3D model). */
export function VersionSelect({
  versions,
  value,
  onChange,
  testId,
}: {
  versions: readonly VersionInfo[];
  value: string;
  onChange: (versionId: string) => void;
  testId?: string;
}) {
  const t = useT();
  return (
    <select
      className="input input-compact schedule-version"
      aria-label={t('versions.current')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
    >
      {versions.map((v) => (
        <option key={v.id} value={v.id}>
          {v.name}
          {v.actual ? ` · ${t('versions.actual')}` : ''}
          {v.locked ? ` · ${t('versions.locked')}` : ''}
        </option>
      ))}
    </select>
  );
}
