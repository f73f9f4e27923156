import { BIM_DEVIATION_LOOKS, type BimDeviation, type BimPlanKind } from '@takt/bim';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { formatMinutes } from '../../lib/schedule-time';
import { BimSelect } from './BimSelect';
import { DAY_MINUTES, PLAYER_SPEEDS, todayMinutes } from './bim-data';

export type BimMode = 'appearance' | 'deviation';
export interface PlayerSettings {
  kind: BimPlanKind;
  mode: BimMode;
  speed: number;
}

const DEVIATIONS: BimDeviation[] = ['ahead', 'on_time', 'late', 'pending'];
const PLAN_KINDS: readonly BimPlanKind[] = ['plan', 'approved_plan', 'fact'];
const MODES: readonly BimMode[] = ['appearance', 'deviation'];

/**
 * The 4D timeline: play / pause, speed in schedule days per second, a scrubber over the linked works'
 * dates, the plan kind and the colouring. Each frame calls `onTime` (which recolours the model); the
 * date shown follows at most every animation frame.
 */
export function BimPlayer({
  range,
  time,
  settings,
  profiles,
  onTime,
  onSettings,
}: {
  range: { start: number; finish: number } | null;
  time: number;
  settings: PlayerSettings;
  profiles: { name: string; during: string | null }[];
  onTime: (t: number) => void;
  onSettings: (next: PlayerSettings) => void;
}) {
  const t = useT();
  const [playing, setPlaying] = useState(false);
  const current = useRef(time);
  current.current = time;
  const frame = useRef(0);

  useEffect(() => {
    if (!playing || !range) return;
    let last = performance.now();
    const step = (now: number) => {
      const dt = Math.min(0.25, (now - last) / 1000);
      last = now;
      const next = Math.min(range.finish, current.current + settings.speed * DAY_MINUTES * dt);
      onTime(next);
      if (next >= range.finish) {
        setPlaying(false);
        return;
      }
      frame.current = requestAnimationFrame(step);
    };
    frame.current = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame.current);
  }, [playing, range, settings.speed, onTime]);

  if (!range) return <div className="bim-player bim-player-empty">{t('bim.player.no_links')}</div>;
  const today = todayMinutes();
  return (
    <section className="bim-player" aria-label={t('bim.player')}>
      <Button
        variant="primary"
        onClick={() => {
          if (!playing && current.current >= range.finish) onTime(range.start);
          setPlaying(!playing);
        }}
        data-testid="bim-play"
        aria-pressed={playing}
      >
        {playing ? `❚❚ ${t('bim.player.pause')}` : `▶ ${t('bim.player.play')}`}
      </Button>
      <Button variant="ghost" onClick={() => onTime(range.start)}>
        {t('bim.player.to_start')}
      </Button>
      <Button
        variant="ghost"
        disabled={today < range.start || today > range.finish}
        onClick={() => onTime(Math.min(range.finish, Math.max(range.start, today)))}
      >
        {t('bim.player.today')}
      </Button>
      <input
        type="range"
        className="bim-scrubber"
        min={range.start}
        max={range.finish}
        step={DAY_MINUTES}
        value={Math.round(time)}
        onChange={(e) => onTime(Number(e.target.value))}
        aria-label={t('bim.player.date')}
        data-testid="bim-scrubber"
      />
      <output className="bim-date" data-testid="bim-date" aria-live="off">
        {formatMinutes(Math.floor(time / DAY_MINUTES) * DAY_MINUTES)}
      </output>
      <BimSelect
        label={t('bim.player.speed')}
        value={String(settings.speed)}
        options={PLAYER_SPEEDS.map((days) => ({
          value: String(days),
          label: t('bim.player.speed_value', { days }),
        }))}
        onChange={(speed) => onSettings({ ...settings, speed: Number(speed) })}
        data-testid="bim-speed"
      />
      <BimSelect
        label={t('bim.player.kind')}
        value={settings.kind}
        options={PLAN_KINDS.map((kind) => ({ value: kind, label: t(`bim.player.kind.${kind}`) }))}
        onChange={(kind) => onSettings({ ...settings, kind })}
        data-testid="bim-kind"
      />
      <BimSelect
        label={t('bim.player.mode')}
        value={settings.mode}
        options={MODES.map((mode) => ({ value: mode, label: t(`bim.player.mode.${mode}`) }))}
        onChange={(mode) => onSettings({ ...settings, mode })}
        data-testid="bim-mode"
      />
      <ul className="bim-legend" data-testid="bim-legend">
        {settings.mode === 'deviation'
          ? DEVIATIONS.map((d) => (
              <li key={d}>
                <span
                  className="bim-swatch"
                  style={{ background: BIM_DEVIATION_LOOKS[d].color ?? undefined }}
                />
                {t(`bim.deviation.${d}`)}
              </li>
            ))
          : profiles
              .filter((p) => p.during)
              .map((p) => (
                <li key={p.name}>
                  <span className="bim-swatch" style={{ background: p.during ?? undefined }} />
                  {p.name}
                </li>
              ))}
      </ul>
    </section>
  );
}
