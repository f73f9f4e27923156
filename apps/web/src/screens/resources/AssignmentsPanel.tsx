import { useState } from 'react';
import { Button, Empty } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { AssignmentItem } from './AssignmentItem';
import { parseAmount } from './format';
import { useAssignments } from './useAssignments';
import { VersionResourceActions } from './VersionResourceActions';
import './schedule-resources.css';
import { CompactSelect } from '../../components/compact-select';

/**
 * Assignments of the work under the cursor (API assignment): resources with planned, approved and
 * actual quantities, the distribution mode and the reserved allocation mode with its parameters; a resource
 * assigned to every checked work at once; and the version's resource actions (costs, remaining durations by
 * intensity, settings).
 */
export function AssignmentsPanel({
  versionId,
  workId,
  workLabel,
  checkedIds,
  readOnly,
  hoursPerDay,
  onChanged,
}: {
  versionId: string;
  workId: string | undefined;
  workLabel: string;
  checkedIds: readonly string[];
  readOnly: boolean;
  hoursPerDay: number;
  onChanged: () => void;
}) {
  const t = useT();
  const assignments = useAssignments(versionId, workId, onChanged);
  const { rows } = assignments;
  // The resource and quantity picked serve both adding to this work and assigning to the checked ones.
  const [resourceId, setResourceId] = useState('');
  const [quantity, setQuantity] = useState('');

  return (
    <div className="assignments-panel" data-testid="assignments-panel">
      <h3 className="panel-heading">{t('assignment.title')}</h3>
      {!workId ? (
        <Empty>{t('relations.pick_work')}</Empty>
      ) : (
        <>
          <p className="muted">{workLabel}</p>
          {rows.length === 0 ? (
            <p className="muted">{t('assignment.none')}</p>
          ) : (
            <ul className="assignment-list">
              {rows.map((a) => (
                <AssignmentItem
                  key={`${a.id}:${a.revision}`}
                  a={a}
                  others={rows}
                  readOnly={readOnly}
                  hoursPerDay={hoursPerDay}
                  onSave={(row, patch) => void assignments.save(row, patch)}
                  onRemove={assignments.remove}
                />
              ))}
            </ul>
          )}
          {!readOnly && (
            <div className="assignment-add">
              <CompactSelect
                aria-label={t('assignment.resource')}
                value={resourceId}
                onChange={setResourceId}
                data-testid="assignment-resource"
                options={[
                  { value: '', label: t('assignment.pick_resource') },
                  ...assignments.free.map((r) => ({
                    value: r.id,
                    label: `${r.code ? `${r.code} ${r.name}` : r.name}${r.unit ? `, ${r.unit}` : ''}`,
                  })),
                ]}
              />
              <input
                className="input input-compact"
                inputMode="decimal"
                aria-label={t('assignment.planQuantity')}
                placeholder={t('assignment.planQuantity')}
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
                data-testid="assignment-quantity"
              />
              <Button
                variant="primary"
                disabled={!resourceId}
                busy={assignments.adding}
                data-testid="assignment-add"
                onClick={() => {
                  const planQuantity = parseAmount(quantity);
                  if (planQuantity === undefined) return notify('error', [t('validation.not_a_number')]);
                  assignments.add(resourceId, planQuantity ?? 0, () => {
                    setResourceId('');
                    setQuantity('');
                  });
                }}
              >
                {t('common.add')}
              </Button>
            </div>
          )}
        </>
      )}
      {!readOnly && (
        <div className="assignment-bulk">
          <Button
            disabled={!resourceId || checkedIds.length === 0}
            busy={assignments.assigning}
            onClick={() => assignments.assignTo(checkedIds, resourceId, parseAmount(quantity))}
            data-testid="assign-checked"
          >
            {t('assignment.assign_checked', { count: checkedIds.length })}
          </Button>
        </div>
      )}
      <VersionResourceActions versionId={versionId} readOnly={readOnly} onChanged={onChanged} />
    </div>
  );
}
