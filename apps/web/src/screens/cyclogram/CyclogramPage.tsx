import type { CyclogramLayoutOptions, GanttLanguage, ScaleLevel } from '@takt/gantt';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Badge, Loaded } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { appI18n, useT } from '../../lib/i18n';
import { hasDate, nowMinutes } from '../../lib/schedule-time';
import { useAppState } from '../../state/app-state';
import { ScheduleViewHeader } from '../schedule/ScheduleViewHeader';
import { CyclogramCanvas, type CyclogramCommands } from './CyclogramCanvas';
import { CyclogramClashes } from './CyclogramClashes';
import { CyclogramLegend } from './CyclogramLegend';
import { CyclogramToolbar } from './CyclogramToolbar';
import { chartInput, type Kinds } from './cyclogram-data';
import { useCyclogram } from './useCyclogram';
import '../schedule/schedule.css';
import './cyclogram.css';

/** Line-of-balance screen `/{space}/schedule/{id}/cyclogram` (screens and routes). */
export function CyclogramPage({ params }: { params: { id: string } }) {
  const t = useT();
  const { can } = useSpace();
  const scheduleId = params.id;
  const dark = useAppState((s) => s.darkTheme);
  const cyclogram = useCyclogram(scheduleId);
  const { view, data, bufferDays } = cyclogram;
  const [kinds, setKinds] = useState<Kinds>({ plan: true, approved_plan: true, fact: true });
  const [level, setLevel] = useState<ScaleLevel | null>(null);
  const commands = useRef<CyclogramCommands | null>(null);
  const today = useMemo(() => nowMinutes(), []);
  const input = useMemo(() => (data ? chartInput(data) : null), [data]);
  const options = useMemo<CyclogramLayoutOptions>(
    () => ({
      kinds,
      bufferMinutes: bufferDays * 1440,
      today,
      dataDate: data && hasDate(data.dataDate) ? data.dataDate : undefined,
    }),
    [kinds, bufferDays, today, data],
  );
  const onLevel = useCallback((next: ScaleLevel) => setLevel(next), []);
  const language = (appI18n.locale === 'ru' ? 'ru' : 'en') as GanttLanguage;

  if (view.node.isError || view.versions.isError) return null;

  return (
    <div className="schedule cyclogram" data-testid="cyclogram-page">
      <ScheduleViewHeader
        scheduleId={scheduleId}
        view={view}
        back={t('cyclogram.back')}
        title={t('screen.cyclogram')}
        badge={
          data && (
            <Badge>
              <span data-testid="cyclogram-counts">
                {t('cyclogram.locations_count', { count: data.locations.length, trades: data.trades.length })}
              </span>
            </Badge>
          )
        }
        subtitle={t('cyclogram.subtitle')}
      />
      <CyclogramToolbar
        cyclogram={cyclogram}
        kinds={kinds}
        onKinds={setKinds}
        level={level}
        commands={commands}
      />
      <div className="cyclogram-body">
        <div className="cyclogram-chart framed-pane">
          <Loaded
            loading={!input}
            empty={(!input?.locations.length || !input.trades.length) && t('cyclogram.empty')}
          >
            {input && (
              <CyclogramCanvas
                input={input}
                version={cyclogram.dataVersion}
                options={options}
                language={language}
                dark={dark}
                today={today}
                commands={commands}
                onLevel={onLevel}
              />
            )}
          </Loaded>
        </div>
        {data && input && (
          <aside className="cyclogram-side">
            <CyclogramLegend cyclogram={cyclogram} input={input} editable={can('schedule.edit')} />
            <CyclogramClashes data={data} commands={commands} />
          </aside>
        )}
      </div>
    </div>
  );
}
