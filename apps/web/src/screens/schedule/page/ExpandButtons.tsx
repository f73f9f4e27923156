import { Button } from '../../../components/ui';
import { useT } from '../../../lib/i18n';

/** A toolbar's "expand all" and "collapse all" of a tree of rows (the schedule's WBS, the grid schedule's schedules). */
export function ExpandButtons({ onExpandAll }: { onExpandAll: (expanded: boolean) => void }) {
  const t = useT();
  return (
    <>
      <Button variant="ghost" onClick={() => onExpandAll(true)}>
        {t('grid.expand_all')}
      </Button>
      <Button variant="ghost" onClick={() => onExpandAll(false)}>
        {t('grid.collapse_all')}
      </Button>
    </>
  );
}
