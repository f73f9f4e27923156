import { CompactSelect } from '../../components/compact-select';
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
    <CompactSelect
      className="schedule-version"
      aria-label={t('versions.current')}
      value={value}
      onChange={onChange}
      data-testid={testId}
      options={versions.map((v) => ({
        value: v.id,
        label: `${v.name}${v.actual ? ` · ${t('versions.actual')}` : ''}${v.locked ? ` · ${t('versions.locked')}` : ''}`,
      }))}
    />
  );
}
