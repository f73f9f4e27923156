import { useState } from 'react';
import { Button, CrossButton, Spinner } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { ContentSection } from './ContentSection';
import { type Preset, PresetDialog } from './PresetDialog';
import { PresetSection } from './PresetSection';
import { ScalingSection } from './ScalingSection';
import { usePrintActions } from './usePrintActions';
import { type PrintSource, usePrintPreview } from './usePrintPreview';
import { usePrintSettings } from './usePrintSettings';
import '../../components/dialog.css';
import './print.css';

/**
 * The print dialog of the schedule screen (screens and routes "Print formats and titles", entities, API): pick or edit a
 * print format, scaling, columns and plan kinds; the server counts the pages (print/count), the first page
 * is previewed from the same layout as the PDF, and the PDF is downloaded from versions/{id}/print.
 */
export function PrintDialog({
  scheduleId,
  versionId,
  onClose,
  ...source
}: PrintSource & {
  scheduleId: string;
  versionId: string;
  onClose: () => void;
}) {
  const t = useT();
  const settings = usePrintSettings(scheduleId, versionId);
  const [editing, setEditing] = useState<Preset | 'new' | null>(null);
  const { canvas, snapshot } = usePrintPreview(settings, source);
  const actions = usePrintActions(settings, versionId, source.versionName);
  const { busy } = actions;

  if (!settings.draft || !settings.presets.data) {
    return (
      <div className="modal-backdrop" role="presentation">
        <Spinner />
      </div>
    );
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click outside closes; the keyboard has Escape
    <div
      className="modal-backdrop"
      role="presentation"
      onMouseDown={(e) => e.target === e.currentTarget && !editing && onClose()}
    >
      <div
        className="modal print-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={t('print.title')}
        data-testid="print-dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !editing) onClose();
        }}
      >
        <header className="modal-header">
          <h2 className="modal-title">
            {t('print.title')} · {settings.scheduleName}
          </h2>
          <CrossButton label={t('common.close')} onClick={onClose} />
        </header>
        <div className="modal-body print-body">
          <div className="print-settings">
            <PresetSection
              settings={settings}
              onEdit={setEditing}
              onDelete={() => void actions.removePreset()}
            />
            <ScalingSection settings={settings} snapshot={snapshot} />
            <ContentSection settings={settings} />
          </div>
          <div className="print-preview">
            <div className="print-preview-head">
              <span>{t('print.preview')}</span>
              <strong data-testid="print-page-count" aria-live="polite">
                {settings.pages !== null
                  ? t('print.page_count', { count: settings.pages })
                  : t('print.counting')}
              </strong>
            </div>
            <div className="print-preview-sheet">
              <canvas ref={canvas} data-testid="print-preview-canvas" />
            </div>
          </div>
        </div>
        <footer className="modal-footer">
          <Button
            variant="ghost"
            busy={actions.remembering}
            onClick={() => void actions.remember()}
            data-testid="print-remember"
          >
            {t('print.save_settings')}
          </Button>
          <span className="schedule-toolbar-gap" />
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button busy={busy === 'preview'} disabled={!!busy} onClick={() => void actions.previewPdf()}>
            {t('print.preview_pdf')}
          </Button>
          <Button
            variant="primary"
            busy={busy === 'pdf'}
            disabled={!!busy}
            onClick={() => void actions.download()}
            data-testid="print-download"
          >
            {t('print.download')}
          </Button>
        </footer>
      </div>
      {editing && (
        <PresetDialog
          preset={editing === 'new' ? null : editing}
          versionId={versionId}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            void settings.presets.refetch();
            settings.update({ presetId: saved.id });
          }}
        />
      )}
    </div>
  );
}
