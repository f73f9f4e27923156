import type { CyclogramLocationSource } from '@takt/contracts';
import type { ScaleLevel } from '@takt/gantt';
import type { Dispatch, RefObject, SetStateAction } from 'react';
import { InlineLabel } from '../../components/inline-label';
import { Button } from '../../components/ui';
import { useT } from '../../lib/i18n';
import type { CyclogramCommands } from './CyclogramCanvas';
import { bufferDaysOf, type Kinds, parseSource, sourceValue } from './cyclogram-data';
import { ScaleButtons } from './ScaleButtons';
import { SourceSelect } from './SourceSelect';
import type { CyclogramState } from './useCyclogram';

/**
 * The cyclogram's toolbar: where locations and trades come from, the buffer between trades and saving
 * them; then the plan kinds shown, the scale, zoom, fit and today.
 */
export function CyclogramToolbar({
  cyclogram,
  kinds,
  onKinds,
  level,
  commands,
}: {
  cyclogram: CyclogramState;
  kinds: Kinds;
  onKinds: Dispatch<SetStateAction<Kinds>>;
  level: ScaleLevel | null;
  commands: RefObject<CyclogramCommands | null>;
}) {
  const t = useT();
  return (
    <div className="schedule-toolbar cyclogram-toolbar" role="toolbar" aria-label={t('screen.cyclogram')}>
      <CyclogramSettings cyclogram={cyclogram} />
      <span className="schedule-toolbar-gap" />
      {(['plan', 'approved_plan', 'fact'] as const).map((kind) => (
        <label key={kind} className="cyclogram-kind">
          <input
            type="checkbox"
            checked={kinds[kind]}
            onChange={(e) => onKinds((k) => ({ ...k, [kind]: e.target.checked }))}
          />
          {t(`cyclogram.kind.${kind}`)}
        </label>
      ))}
      <ScaleButtons level={level} onLevel={(l) => commands.current?.zoomToLevel(l)} />
      <Button
        variant="ghost"
        aria-label={t('cyclogram.zoom_out')}
        onClick={() => commands.current?.zoomBy(1 / 1.5)}
      >
        −
      </Button>
      <Button
        variant="ghost"
        aria-label={t('cyclogram.zoom_in')}
        onClick={() => commands.current?.zoomBy(1.5)}
      >
        +
      </Button>
      <Button variant="ghost" onClick={() => commands.current?.fit()}>
        {t('cyclogram.fit')}
      </Button>
      <Button variant="ghost" onClick={() => commands.current?.today()}>
        {t('cyclogram.today')}
      </Button>
    </div>
  );
}

/** The saved settings of the cyclogram, edited as a draft the chart follows at once. */
function CyclogramSettings({ cyclogram }: { cyclogram: CyclogramState }) {
  const t = useT();
  const { data, draft, change } = cyclogram;
  const settings = data?.settings;
  if (!settings || !data) return null;
  return (
    <>
      <SourceSelect
        label={t('cyclogram.locations')}
        value={sourceValue(draft.locations ?? settings.locations)}
        levels={data.levels}
        attributes={data.attributes}
        withNames={false}
        onChange={(value) => change({ locations: parseSource(value) as CyclogramLocationSource })}
        testId="cyclogram-locations"
      />
      <SourceSelect
        label={t('cyclogram.trades')}
        value={sourceValue(draft.trades ?? settings.trades)}
        levels={data.levels}
        attributes={data.attributes}
        withNames
        onChange={(value) => change({ trades: parseSource(value) })}
        testId="cyclogram-trades"
      />
      <InlineLabel className="cyclogram-field" text={t('cyclogram.buffer')}>
        <input
          className="input input-compact cyclogram-buffer"
          type="number"
          min={0}
          max={365}
          step={1}
          value={cyclogram.bufferDays}
          onChange={(e) => change({ bufferDays: bufferDaysOf(e.target.value) })}
          data-testid="cyclogram-buffer"
        />
      </InlineLabel>
      <Button disabled={!cyclogram.changed} busy={cyclogram.saving} onClick={() => cyclogram.save()}>
        {t('cyclogram.save')}
      </Button>
    </>
  );
}
