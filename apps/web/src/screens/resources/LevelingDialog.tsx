import { LEVELING_RULES } from '@takt/contracts';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { numHead, PlainTable } from '../../components/table';
import { Badge, Checkbox, Empty, SelectField, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { formatIso } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import { dayText, quantityText } from './format';

type Preview = RouterOutputs['resources']['level'];
type Reason = Preview['moved'][number]['reasons'][number];

/**
 * Resource leveling with a preview: the engine levels the version's current data; the dialog
 * lists what moves, by how many working days and why, and what could not be fitted. Apply keeps the
 * leveled starts as "start not earlier than" limits (one undo action) and recalculates.
 */
export function LevelingDialog({
  versionId,
  resourceIds,
  hoursPerDay,
  onClose,
  onApplied,
}: {
  versionId: string;
  resourceIds: string[] | undefined;
  hoursPerDay: number;
  onClose: () => void;
  onApplied: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [withinFloat, setWithinFloat] = useState(false);
  const [rule, setRule] = useState<(typeof LEVELING_RULES)[number]>('lft');
  const [onlySelected, setOnlySelected] = useState(false);
  // The version's leveling defaults (resource settings) are where the options start.
  const settings = trpc.resources.settings.useQuery({ spaceId, versionId });
  useEffect(() => {
    const leveling = settings.data?.leveling;
    if (!leveling) return;
    setRule(leveling.rule);
    setWithinFloat(leveling.withinFloat);
  }, [settings.data]);
  const preview = trpc.resources.level.useQuery(
    {
      spaceId,
      versionId,
      resourceIds: onlySelected ? resourceIds : undefined,
      options: { withinFloat, rule },
    },
    { enabled: !settings.isLoading },
  );
  const apply = trpc.resources.applyLeveling.useMutation({
    onSuccess: (result) => {
      notify('success', [t('leveling.applied', { count: result.count })]);
      onApplied();
    },
  });
  const data = preview.data;
  const reasonText = (r: Reason) =>
    r.kind === 'resource'
      ? t('leveling.reason.resource', {
          resource: r.label,
          date: dayText(r.date),
          demand: quantityText(r.demand),
          available: quantityText(r.available),
        })
      : t('leveling.reason.predecessor', { work: r.label });
  const days = (minutes: number) => quantityText(minutes / 60 / hoursPerDay, 1);

  return (
    <FormDialog
      title={t('leveling.title')}
      wide
      busy={apply.isPending}
      submitLabel={t('leveling.apply', { count: data?.moved.length ?? 0 })}
      onSubmit={
        data && data.moved.length > 0
          ? () =>
              apply.mutate({
                spaceId,
                versionId,
                moves: data.moved.map((m) => ({ workId: m.workId, revision: m.revision, start: m.to })),
              })
          : undefined
      }
      onClose={onClose}
      testId="leveling-dialog"
    >
      <div className="leveling-options">
        <SelectField
          label={t('leveling.rule')}
          value={rule}
          onChange={(v) => setRule(v as typeof rule)}
          options={LEVELING_RULES.map((r) => ({ value: r, label: t(`leveling.rule.${r}`) }))}
        />
        <Checkbox label={t('leveling.within_float')} checked={withinFloat} onChange={setWithinFloat} />
        {resourceIds && (
          <Checkbox label={t('leveling.only_selected')} checked={onlySelected} onChange={setOnlySelected} />
        )}
      </div>
      {preview.isLoading || !data ? (
        <Spinner label={t('leveling.computing')} />
      ) : (
        <>
          <p className="leveling-summary" data-testid="leveling-summary">
            {t('leveling.summary', {
              count: data.moved.length,
              before: formatIso(data.originalProjectFinish, false),
              after: formatIso(data.projectFinish, false),
              schedules: data.schedules,
            })}
          </p>
          {data.moved.length === 0 ? (
            <Empty>{t('leveling.nothing')}</Empty>
          ) : (
            <PlainTable
              heads={[
                t('leveling.work'),
                t('leveling.from'),
                t('leveling.to'),
                numHead(t('leveling.delay')),
                t('leveling.why'),
              ]}
              testId="leveling-moves"
              wrapClassName="leveling-table"
            >
              {data.moved.map((m) => (
                <tr key={m.workId}>
                  <td>{m.label}</td>
                  <td>{formatIso(m.from)}</td>
                  <td>{formatIso(m.to)}</td>
                  <td className="num">{days(m.delayMinutes)}</td>
                  <td>{m.reasons.map(reasonText).join('; ')}</td>
                </tr>
              ))}
            </PlainTable>
          )}
          {data.unresolved.length > 0 && (
            <ul className="plain-list leveling-unresolved">
              {data.unresolved.map((u) => (
                <li key={`${u.workId}:${u.resourceId}`}>
                  <Badge tone="warn">{t(`leveling.issue.${u.kind}`)}</Badge>{' '}
                  {t('leveling.issue_line', {
                    work: u.label,
                    resource: u.resourceLabel,
                    date: dayText(u.date),
                    demand: quantityText(u.demand),
                    available: quantityText(u.available),
                  })}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </FormDialog>
  );
}
