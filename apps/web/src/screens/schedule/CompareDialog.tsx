import { FormDialog } from '../../components/dialog';
import { PlainTable } from '../../components/table';
import { Badge, Button, Empty, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { handleFailure } from '../../lib/error-handler';
import { describeFailure, restFailure } from '../../lib/errors';
import { appI18n, useT } from '../../lib/i18n';
import { formatIso, formatNumber } from '../../lib/schedule-time';
import type { VersionInfo } from '../../lib/schedule-types';
import { requestHeaders, trpc } from '../../lib/trpc';

type Version = VersionInfo;

/** Downloads the server's CSV of the comparison (`POST …/schedules/versions/export-comparison`). */
async function exportComparison(
  spaceId: string,
  versionId: string,
  otherVersionId: string,
  fileName: string,
) {
  const path = `/api/v1/space/${spaceId}/schedules/versions/export-comparison`;
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { ...requestHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ versionId, otherVersionId }),
    });
    if (!response.ok) {
      handleFailure(restFailure(path, response.status, await response.json().catch(() => null)));
      return;
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(url);
  } catch (error) {
    handleFailure(describeFailure(error, path));
  }
}

/** Added, removed and changed works and relations between two versions, with date deltas in days. */
export function CompareDialog({
  base,
  other,
  onClose,
}: {
  base: Version;
  other: Version;
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const diff = trpc.versions.compare.useQuery({ spaceId, versionId: base.id, otherVersionId: other.id });
  // Relations name their works by origin; the works of both versions give those names.
  const baseWorks = trpc.works.list.useQuery({ spaceId, versionId: base.id });
  const otherWorks = trpc.works.list.useQuery({ spaceId, versionId: other.id });
  const names = new Map<string, string>();
  for (const w of [...(baseWorks.data ?? []), ...(otherWorks.data ?? [])])
    names.set(w.originId, `${w.code ?? ''} ${w.name}`.trim());
  const delta = (d: number | null) =>
    d === null ? '—' : `${d > 0 ? '+' : ''}${formatNumber(d, appI18n.locale)} ${t('compare.days')}`;
  const value = (field: string, v: unknown) =>
    v === null || v === undefined ? '—' : /Start|Finish/.test(field) ? formatIso(String(v)) : String(v);
  const d = diff.data;
  return (
    <FormDialog
      title={t('compare.heading', { base: base.name, other: other.name })}
      wide
      onClose={onClose}
      testId="compare-dialog"
    >
      {!d ? (
        <Spinner />
      ) : (
        <div className="compare">
          <div className="compare-summary">
            <Badge tone="accent">{t('compare.added', { count: d.works.added.length })}</Badge>
            <Badge tone="warn">{t('compare.removed', { count: d.works.removed.length })}</Badge>
            <Badge>{t('compare.changed', { count: d.works.changed.length })}</Badge>
            <Badge>
              {t('compare.relations_summary', {
                added: d.relations.added.length,
                removed: d.relations.removed.length,
                changed: d.relations.changed.length,
              })}
            </Badge>
            {can('export') && (
              <Button
                onClick={() =>
                  void exportComparison(spaceId, base.id, other.id, `${base.name} - ${other.name}.csv`)
                }
              >
                {t('compare.export')}
              </Button>
            )}
          </div>
          {d.works.added.length +
            d.works.removed.length +
            d.works.changed.length +
            d.relations.added.length +
            d.relations.removed.length +
            d.relations.changed.length ===
          0 ? (
            <Empty>{t('compare.same')}</Empty>
          ) : (
            <PlainTable
              heads={[
                t('compare.change'),
                t('grid.col.code'),
                t('grid.col.name'),
                t('compare.details'),
                t('compare.start_delta'),
                t('compare.finish_delta'),
              ]}
              testId="compare-table"
              wrapClassName="compare-table"
            >
              {(['added', 'removed'] as const).flatMap((kind) =>
                d.works[kind].map((w) => (
                  <tr key={`${kind[0]}${w.originId}`} className={`compare-${kind}`}>
                    <td>{t(`compare.kind.${kind}`)}</td>
                    <td>{String(w.code ?? '')}</td>
                    <td>{String(w.name)}</td>
                    <td />
                    <td />
                    <td />
                  </tr>
                )),
              )}
              {d.works.changed.map((w) => (
                <tr key={`c${w.originId}`}>
                  <td>{t('compare.kind.changed')}</td>
                  <td>{String(w.code ?? '')}</td>
                  <td>{String(w.name)}</td>
                  <td>
                    {w.fields.map((f) => (
                      <div key={f.field}>
                        {t(`compare.field.${f.field}` as never)}: {value(f.field, f.before)} →{' '}
                        {value(f.field, f.after)}
                      </div>
                    ))}
                  </td>
                  <td>{delta(w.startDeltaDays)}</td>
                  <td>{delta(w.finishDeltaDays)}</td>
                </tr>
              ))}
              {(['added', 'removed', 'changed'] as const).flatMap((kind) =>
                d.relations[kind].map((r) => (
                  <tr key={`rel-${kind}-${r.predecessorOriginId}-${r.successorOriginId}-${r.type}`}>
                    <td>{t(`compare.kind.relation_${kind}`)}</td>
                    <td>{r.type.toUpperCase()}</td>
                    <td>
                      {names.get(r.predecessorOriginId) ?? '…'} → {names.get(r.successorOriginId) ?? '…'}
                    </td>
                    <td>
                      {'lagBefore' in r
                        ? `${t('relations.lag')}: ${String(r.lagBefore)} → ${String(r.lagAfter)}`
                        : ''}
                    </td>
                    <td />
                    <td />
                  </tr>
                )),
              )}
            </PlainTable>
          )}
        </div>
      )}
    </FormDialog>
  );
}
