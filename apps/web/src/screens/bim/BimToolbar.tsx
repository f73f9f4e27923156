import type { BimAxis } from '@takt/bim/viewer';
import { useRef } from 'react';
import { Button } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { BimSelect } from './BimSelect';
import { warmPreviewWorker } from './bim-data';
import type { BimScreen } from './bim-screen';
import { selectedIds, selectionSize } from './bim-types';
import type { useBimUpload } from './useBimUpload';

/** The section planes offered, in the order of the list. */
const SECTION_AXES: readonly BimAxis[] = ['y', 'x', 'z'];

/** The toolbar: upload, viewer commands (fit, x-ray, isolate, hide, section, screenshot, background), linking. */
export function BimToolbar({
  screen,
  upload,
  darkBackground,
  setDark,
  onRules,
}: {
  screen: BimScreen;
  upload: Pick<ReturnType<typeof useBimUpload>, 'uploading' | 'onFile'>;
  darkBackground: boolean;
  setDark: (dark: boolean) => void;
  onRules: () => void;
}) {
  const { data, view, commands, editable, persist } = screen;
  const { projectId, versionId } = data;
  const name = data.node.data?.name;
  const { uploading, onFile } = upload;
  const { viewer, selection, selectedWorks, xray, setXray, section, setSection } = view;
  const { link, unlink, linkSelected, unlinkSelected } = commands;
  const t = useT();
  const count = selectionSize(selection);
  const fileInput = useRef<HTMLInputElement>(null);
  const screenshot = () => {
    const url = viewer.current?.screenshot();
    if (!url) return;
    const a = document.createElement('a');
    a.href = url;
    a.download = `${name ?? 'model'}-${new Date().toISOString().slice(0, 10)}.png`;
    a.click();
  };
  return (
    <div className="schedule-toolbar bim-toolbar" role="toolbar" aria-label={t('bim.toolbar')}>
      {editable && projectId && (
        <>
          <input
            ref={fileInput}
            type="file"
            accept=".ifc"
            hidden
            data-testid="bim-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void onFile(file);
            }}
          />
          <Button
            variant="primary"
            onClick={() => {
              warmPreviewWorker();
              fileInput.current?.click();
            }}
            busy={!!uploading}
          >
            {t('bim.upload')}
          </Button>
        </>
      )}
      <Button variant="ghost" onClick={() => viewer.current?.fit(count ? selectedIds(selection) : undefined)}>
        {t('bim.fit')}
      </Button>
      <Button variant={xray ? 'primary' : 'ghost'} aria-pressed={xray} onClick={() => setXray(!xray)}>
        {t('bim.xray')}
      </Button>
      <Button
        variant="ghost"
        disabled={!count}
        onClick={() => viewer.current?.isolate(selectedIds(selection))}
      >
        {t('bim.isolate')}
      </Button>
      <Button variant="ghost" disabled={!count} onClick={() => viewer.current?.hide(selectedIds(selection))}>
        {t('bim.hide')}
      </Button>
      <Button variant="ghost" onClick={() => viewer.current?.showAll()}>
        {t('bim.show_all')}
      </Button>
      <BimSelect<BimAxis | ''>
        label={t('bim.section')}
        value={section?.axis ?? ''}
        options={[
          { value: '', label: t('bim.section.none') },
          ...SECTION_AXES.map((axis) => ({ value: axis, label: t(`bim.section.${axis}`) })),
        ]}
        onChange={(axis) => setSection(axis ? { axis, position: section?.position ?? 0.5 } : null)}
        data-testid="bim-section"
      />
      {section && (
        <input
          type="range"
          min={0}
          max={1}
          step={0.01}
          value={section.position}
          aria-label={t('bim.section.position')}
          onChange={(e) => setSection({ ...section, position: Number(e.target.value) })}
        />
      )}
      <Button variant="ghost" onClick={screenshot}>
        {t('bim.screenshot')}
      </Button>
      <label className="bim-field">
        <input
          type="checkbox"
          checked={darkBackground}
          onChange={(e) => {
            setDark(e.target.checked);
            persist({ theme: e.target.checked ? 'dark' : 'light' });
          }}
        />
        <span>{t('bim.dark')}</span>
      </label>
      <span className="schedule-toolbar-gap" />
      {editable && versionId && (
        <>
          <Button
            disabled={!count || !selectedWorks.size}
            busy={link.isPending}
            onClick={() => void linkSelected()}
            data-testid="bim-link"
          >
            {t('bim.link')}
          </Button>
          <Button disabled={!count} busy={unlink.isPending} onClick={() => void unlinkSelected()}>
            {t('bim.unlink')}
          </Button>
          <Button onClick={onRules} disabled={!data.completed.length} data-testid="bim-rules">
            {t('bim.rules')}
          </Button>
        </>
      )}
    </div>
  );
}
