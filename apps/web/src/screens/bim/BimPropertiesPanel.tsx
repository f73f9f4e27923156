import type { ReactNode } from 'react';
import type { Translate } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { type Selection, selectionSize, type WorkRow } from './bim-types';

/** A label and its value; the value's cell may carry a class and a test id. */
type PropRow = [label: string, value: ReactNode, cell?: { className?: string; testId?: string }];

/** Labels and values, one pair a row. */
function PropList({ rows }: { rows: PropRow[] }) {
  return (
    <dl className="bim-props">
      {rows.map(([label, value, cell]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className={cell?.className} data-testid={cell?.testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

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
        <PropList rows={Object.entries(props).map(([k, v]): PropRow => [k, v === null ? '' : String(v)])} />
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
          <PropList
            rows={[
              [t('bim.props.class'), e.ifcClass, { testId: 'bim-prop-class' }],
              [t('bim.props.name'), e.name],
              [t('bim.props.type'), e.typeName],
              [t('bim.props.building'), e.building],
              [t('bim.props.storey'), e.storey],
              [t('bim.props.global_id'), e.globalId, { className: 'bim-code' }],
            ]}
          />
          {sets('p', e.properties)}
          {sets('q', e.quantities)}
        </>
      )}
      {(e || selectedWorks.size > 0) && (
        <>
          <h3 className="bim-side-title">{t('bim.props.works')}</h3>
          {workNames.length ? (
            <ul className="bim-list stack-list">
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
