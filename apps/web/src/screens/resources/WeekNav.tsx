import { useMemo, useState } from 'react';
import { Button } from '../../components/ui';
import { useT, weekRule } from '../../lib/i18n';
import { addDays, dayText, isoOf, weekDays } from './format';

/** The week a dock shows: its days from the locale's first day (this week at first), and moving to another. */
export function useWeek() {
  const [anchor, setAnchor] = useState(() => isoOf(new Date()));
  const firstDay = weekRule().firstDay;
  const days = useMemo(() => weekDays(anchor, 7, firstDay), [anchor, firstDay]);
  return { days, show: setAnchor };
}

/** ◀ the week's first – last day ▶ in a dock's toolbar. */
export function WeekNav({
  days,
  onShow,
  rangeTestId,
}: {
  days: readonly string[];
  /** Shows the week holding this day (`YYYY-MM-DD`). */
  onShow: (day: string) => void;
  rangeTestId?: string;
}) {
  const t = useT();
  return (
    <>
      <Button
        variant="ghost"
        aria-label={t('wdp.previous_week')}
        onClick={() => onShow(addDays(days[0]!, -7))}
      >
        ◀
      </Button>
      <span className="dock-range" data-testid={rangeTestId}>
        {dayText(days[0])} – {dayText(days[6])}
      </span>
      <Button variant="ghost" aria-label={t('wdp.next_week')} onClick={() => onShow(addDays(days[0]!, 7))}>
        ▶
      </Button>
    </>
  );
}
