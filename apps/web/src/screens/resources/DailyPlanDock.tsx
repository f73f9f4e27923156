import { useState } from 'react';
import { Button, Loaded } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { withMember } from '../../lib/sets';
import { DailyPlanTable } from './DailyPlanTable';
import { dayText, isoOf } from './format';
import { useDailyPlans } from './useDailyPlans';
import { useWeek, WeekNav } from './WeekNav';
import './schedule-resources.css';

/**
 * Daily work plans of a version (capabilities, states): a week of planned and actual volumes per work; the planning
 * status per row and for the checked rows in bulk; the volume plan of a day from the schedule; days before
 * the editing period are closed. Every change is undoable (undo_wdp).
 */
export function DailyPlanDock({
  versionId,
  readOnly,
  onSelectWork,
}: {
  versionId: string;
  readOnly: boolean;
  onSelectWork: (workId: string) => void;
}) {
  const t = useT();
  const { can } = useSpace();
  const { days, show } = useWeek();
  const [onlyPlanning, setOnlyPlanning] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const plans = useDailyPlans(versionId, days);
  const editable = !readOnly && can('wdp.edit');
  const rows = plans.rows.filter((r) => !onlyPlanning || r.planning);

  return (
    <section className="dock" aria-label={t('wdp.title')} data-testid="wdp-dock">
      <div className="dock-toolbar">
        <strong>{t('wdp.title')}</strong>
        <WeekNav days={days} onShow={show} rangeTestId="wdp-range" />
        <Button variant="ghost" onClick={() => show(isoOf(new Date()))}>
          {t('gantt.today')}
        </Button>
        <label className="check">
          <input type="checkbox" checked={onlyPlanning} onChange={(e) => setOnlyPlanning(e.target.checked)} />
          <span>{t('wdp.only_planning')}</span>
        </label>
        <span className="schedule-toolbar-gap" />
        {plans.firstOpen && (
          <span className="muted">{t('wdp.closed_before', { date: dayText(plans.firstOpen) })}</span>
        )}
        <Button
          disabled={!editable || picked.size === 0}
          onClick={() => plans.planWorks(picked, true)}
          data-testid="wdp-plan-checked"
        >
          {t('wdp.plan_rows', { count: picked.size })}
        </Button>
        <Button disabled={!editable || picked.size === 0} onClick={() => plans.planWorks(picked, false)}>
          {t('wdp.unplan_rows', { count: picked.size })}
        </Button>
      </div>
      <Loaded loading={plans.loading} empty={rows.length === 0 && t('wdp.empty')}>
        <DailyPlanTable
          plans={plans}
          rows={rows}
          days={days}
          editable={editable}
          picked={picked}
          onPick={(workId, on) => setPicked((p) => withMember(p, workId, on))}
          onPickAll={(on) => setPicked(on ? new Set(rows.map((r) => r.workId)) : new Set())}
          onSelectWork={onSelectWork}
        />
      </Loaded>
    </section>
  );
}
