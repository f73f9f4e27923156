import { useMemo, useState } from 'react';
import { SelectField } from '../../../components/ui';
import { useT } from '../../../lib/i18n';
import { rendererAutomatic, rendererSetting, rendererSettingSet } from './preference';

/**
 * How this browser draws the charts: automatic (WebGL on a graphics card, the canvas renderer where WebGL
 * is software), or forced to either. Kept in the browser, not the account: it is the machine's property.
 */
export function RendererSetting() {
  const t = useT();
  const [value, setValue] = useState<string>(() => rendererSetting() ?? 'auto');
  const automatic = useMemo(rendererAutomatic, []);
  return (
    <SelectField
      label={t('gantt.renderer')}
      name="renderer"
      value={value}
      hint={t('gantt.renderer.hint', { renderer: t(`gantt.renderer.${automatic}`) })}
      options={[
        { value: 'auto', label: t('gantt.renderer.auto') },
        { value: 'webgl', label: t('gantt.renderer.webgl') },
        { value: 'canvas', label: t('gantt.renderer.canvas') },
      ]}
      onChange={(next) => {
        const renderer = next === 'webgl' || next === 'canvas' ? next : null;
        rendererSettingSet(renderer);
        setValue(renderer ?? 'auto');
      }}
      data-testid="renderer-setting"
    />
  );
}
