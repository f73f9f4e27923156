import { SCALE_LEVELS, type ScaleLevel } from '@takt/gantt';
import { Button } from '../../components/ui';
import { useT } from '../../lib/i18n';

/** A button per scale level (day … year) of a timeline; the level shown now is pressed. */
export function ScaleButtons({
  level,
  onLevel,
  className,
}: {
  level: ScaleLevel | null;
  onLevel: (level: ScaleLevel) => void;
  /** A class besides `cyclogram-scales`. */
  className?: string;
}) {
  const t = useT();
  return (
    <fieldset
      className={className ? `cyclogram-scales ${className}` : 'cyclogram-scales'}
      aria-label={t('cyclogram.fit')}
    >
      {SCALE_LEVELS.map((l) => (
        <Button
          key={l}
          variant={level === l ? 'primary' : 'ghost'}
          aria-pressed={level === l}
          onClick={() => onLevel(l)}
        >
          {t(`cyclogram.scale.${l}`)}
        </Button>
      ))}
    </fieldset>
  );
}
