import { Button, CrossButton, Empty } from '../../components/ui';
import type { RouterOutputs } from '../../lib/api-types';
import type { Translate } from '../../lib/i18n';

export type ModelRow = RouterOutputs['bim']['models']['list'][number];

export function BimModelsPanel({
  models,
  hidden,
  editable,
  t,
  onToggle,
  onDelete,
  onProcess,
}: {
  models: ModelRow[];
  hidden: Set<string>;
  editable: boolean;
  t: Translate;
  onToggle: (m: ModelRow, visible: boolean) => void;
  onDelete: (m: ModelRow) => void;
  onProcess: (m: ModelRow) => void;
}) {
  if (!models.length) return <Empty>{t('bim.no_models')}</Empty>;
  return (
    <ul className="bim-list stack-list" data-testid="bim-models">
      {models.map((m) => (
        <li key={m.id} className="bim-model">
          <label className="bim-list-row">
            <input
              type="checkbox"
              checked={m.visible && !hidden.has(m.id)}
              disabled={m.status !== 'completed'}
              aria-label={t('bim.model.show', { name: m.name })}
              onChange={(e) => onToggle(m, e.target.checked)}
            />
            <span className="bim-grow" title={m.fileName}>
              {m.name}
            </span>
            {editable && (
              <CrossButton label={t('bim.model.delete', { name: m.name })} onClick={() => onDelete(m)} />
            )}
          </label>
          <div className="bim-muted">
            {m.status === 'completed'
              ? `${m.schema ?? ''} · ${t('bim.model.elements', { count: m.elementCount })}`
              : m.status === 'error'
                ? t('bim.model.error', { name: m.name, message: m.error?.message ?? '' })
                : t('bim.parsing', { name: m.name, progress: m.progress })}
          </div>
          {editable && m.status === 'completed' && (
            <Button variant="ghost" onClick={() => onProcess(m)}>
              {t('bim.process')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
