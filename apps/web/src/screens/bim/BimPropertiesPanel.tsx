import type { Translate } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { type Selection, selectionSize, type WorkRow } from './bim-types';

/** The selected element's class, names, property and quantity sets and linked works. */
export function BimPropertiesPanel({
  spaceId,
  selection,
  works,
  selectedWorks,
  t,
}: {
  spaceId: string;
  selection: Selection;
  works: WorkRow[];
  selectedWorks: Set<string>;
  t: Translate;
}) {
  const single =
    selectionSize(selection) === 1 ? [...selection].find(([, ids]) => ids.size === 1) : undefined;
  const modelId = single?.[0];
  const globalId = single ? [...single[1]][0]! : '';
  const element = trpc.bim.models.element.useQuery(
    { spaceId, modelId: modelId ?? '', globalId },
    { enabled: !!modelId },
  );
  const workNames = works.filter((w) => selectedWorks.has(w.id));
  const e = element.data;
  const sets = (title: string, data: unknown) =>
    Object.entries((data ?? {}) as Record<string, Record<string, unknown>>).map(([set, props]) => (
      <details key={`${title}-${set}`} open>
        <summary>{set}</summary>
        <dl className="bim-props">
          {Object.entries(props).map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v === null ? '' : String(v)}</dd>
            </div>
          ))}
        </dl>
      </details>
    ));
  return (
    <aside className="bim-properties" aria-label={t('bim.props')} data-testid="bim-properties">
      <h2 className="bim-side-title">{t('bim.props')}</h2>
      {!e ? (
        <p className="bim-muted">
          {selectionSize(selection) > 1
            ? t('bim.selection', { elements: selectionSize(selection), works: selectedWorks.size })
            : t('bim.props.empty')}
        </p>
      ) : (
        <>
          <dl className="bim-props">
            <div>
              <dt>{t('bim.props.class')}</dt>
              <dd data-testid="bim-prop-class">{e.ifcClass}</dd>
            </div>
            <div>
              <dt>{t('bim.props.name')}</dt>
              <dd>{e.name}</dd>
            </div>
            <div>
              <dt>{t('bim.props.type')}</dt>
              <dd>{e.typeName}</dd>
            </div>
            <div>
              <dt>{t('bim.props.building')}</dt>
              <dd>{e.building}</dd>
            </div>
            <div>
              <dt>{t('bim.props.storey')}</dt>
              <dd>{e.storey}</dd>
            </div>
            <div>
              <dt>{t('bim.props.global_id')}</dt>
              <dd className="bim-code">{e.globalId}</dd>
            </div>
          </dl>
          {sets('p', e.properties)}
          {sets('q', e.quantities)}
        </>
      )}
      {(e || selectedWorks.size > 0) && (
        <>
          <h3 className="bim-side-title">{t('bim.props.works')}</h3>
          {workNames.length ? (
            <ul className="bim-list">
              {workNames.map((w) => (
                <li key={w.id} className="bim-list-row">
                  <span className="bim-muted bim-code">{w.code}</span>
                  <span className="bim-grow">{w.name}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="bim-muted">{t('bim.props.no_works')}</p>
          )}
        </>
      )}
    </aside>
  );
}
