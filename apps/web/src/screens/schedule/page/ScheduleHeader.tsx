import { CALC_STATUS_TEXT, type EmptyWorkCheck } from '@takt/contracts';
import { useState } from 'react';
import { Link } from 'wouter';
import { Badge, Button } from '../../../components/ui';
import { useSpace } from '../../../layouts/space-context';
import type { ScheduleModel } from '../../../lib/columnar';
import { useT } from '../../../lib/i18n';
import type { VersionInfo } from '../../../lib/schedule-types';
import { RecalculateFormulas } from '../../attributes/RecalculateFormulas';
import { ActivitiesDialog, EmptyWorksDialog } from '../VersionChecks';
import { VersionSelect } from '../VersionSelect';
import type { MenuItem } from '../wbs-grid/types';
import { MenuButton } from './MenuButton';

export type Panel =
  | 'relations'
  | 'assignments'
  | 'checklists'
  | 'undo'
  | 'versions'
  | 'assistant'
  | 'replacements';

/** The side panels used most, each a button of the header, in their order. */
const PANELS: readonly Panel[] = ['relations', 'assignments', 'undo', 'versions'];

/** The side panels used now and then: items of the header's "More" menu. */
const MORE_PANELS: readonly Panel[] = ['checklists', 'assistant', 'replacements'];

/** The page header (title, version, calculation status, actions) and the banners under it. */
export function ScheduleHeader({
  scheduleId,
  title,
  version,
  versionList,
  model,
  calcStatus,
  calcError,
  calculating,
  onCalculate,
  onVersion,
  panel,
  setPanel,
  onPrint,
  onShowWorks,
}: {
  scheduleId: string;
  title: string | undefined;
  version: VersionInfo | undefined;
  versionList: VersionInfo[];
  model: ScheduleModel | undefined;
  calcStatus: number;
  calcError: string | null | undefined;
  calculating: boolean;
  onCalculate: () => void;
  onVersion: (id: string) => void;
  panel: Panel | null;
  setPanel: (panel: Panel | null) => void;
  onPrint: () => void;
  /** Selects works in the grid and scrolls to the first (the empty-works check's findings). */
  onShowWorks: (ids: readonly string[]) => void;
}) {
  const t = useT();
  const { can } = useSpace();
  const [check, setCheck] = useState<'empty' | 'activities' | null>(null);
  // The empty-works checks last run: the dialog opens again on their findings.
  const [emptyAsked, setEmptyAsked] = useState<EmptyWorkCheck[] | null>(null);
  // The actions used now and then, in the "More" menu: some side panels, printing, the empty-works check.
  const more: MenuItem[] = [
    ...MORE_PANELS.map((p) => ({
      key: p,
      text: t(`grid.panel.${p}`),
      checked: panel === p,
      run: () => setPanel(panel === p ? null : p),
      testId: `panel-${p}`,
    })),
    {
      key: 'print',
      text: t('print.open'),
      disabled: !model || !version || !can('print'),
      run: onPrint,
      separated: true,
      testId: 'open-print',
    },
    {
      key: 'empty-works',
      text: t('empty_works.open'),
      disabled: !version,
      run: () => setCheck('empty'),
      testId: 'open-empty-works',
    },
  ];
  return (
    <>
      <header className="schedule-header">
        <div className="schedule-title">
          <Link href="/" className="schedule-crumb">
            {t('screen.structure')}
          </Link>
          <h1 className="page-title">{title ?? '…'}</h1>
          {version && (
            <VersionSelect
              versions={versionList}
              value={version.id}
              onChange={onVersion}
              testId="version-select"
            />
          )}
          <Badge tone={calcStatus === 1 ? 'accent' : calcStatus === 2 ? 'warn' : 'neutral'}>
            <span data-testid="calc-status" data-status={calcStatus}>
              {calcStatus} · {t(`calc_status.${CALC_STATUS_TEXT[calcStatus] ?? 'not_calculated'}`)}
            </span>
          </Badge>
          {version?.locked && <Badge tone="warn">{t('versions.locked')}</Badge>}
        </div>
        <div className="schedule-actions">
          <Button
            variant="primary"
            busy={calculating}
            disabled={!version || version.locked || !can('schedule.calculate')}
            onClick={onCalculate}
            data-testid="calculate"
          >
            {t('grid.calculate')}
          </Button>
          {version && (
            <RecalculateFormulas scheduleId={scheduleId} versionId={version.id} locked={version.locked} />
          )}
          {PANELS.map((p) => (
            <Button
              key={p}
              variant={panel === p ? 'primary' : 'secondary'}
              aria-pressed={panel === p}
              onClick={() => setPanel(panel === p ? null : p)}
              data-testid={`panel-${p}`}
            >
              {t(`grid.panel.${p}`)}
            </Button>
          ))}
          <Link
            href={`/schedule/${scheduleId}/cyclogram`}
            className="btn btn-secondary"
            data-testid="open-cyclogram"
          >
            {t('screen.cyclogram')}
          </Link>
          <Link
            href={`/kanban-schedule/${scheduleId}`}
            className="btn btn-secondary"
            data-testid="open-kanban"
          >
            {t('screen.kanban')}
          </Link>
          <Link href={`/schedule/${scheduleId}/bim`} className="btn btn-secondary" data-testid="open-bim">
            {t('bim.open')}
          </Link>
          <MenuButton
            label={t('grid.more')}
            items={more}
            active={panel !== null && MORE_PANELS.includes(panel)}
            testId="schedule-more"
          />
        </div>
      </header>
      {check === 'empty' && version && (
        <EmptyWorksDialog
          versionId={version.id}
          model={model}
          asked={emptyAsked}
          onAsk={setEmptyAsked}
          onSelect={(ids) => {
            setCheck(null);
            onShowWorks(ids);
          }}
          onActivities={() => setCheck('activities')}
          onClose={() => setCheck(null)}
        />
      )}
      {check === 'activities' && version && (
        <ActivitiesDialog versionId={version.id} onClose={() => setCheck(null)} />
      )}
      {version?.locked && (
        <div className="schedule-banner" role="status">
          {t('grid.locked_banner')}
        </div>
      )}
      {calcError && calcStatus === 0 && (
        <div className="schedule-banner schedule-banner-danger" role="alert" data-testid="calc-error">
          {t('errors.CalculationError', { reason: calcError })}
        </div>
      )}
    </>
  );
}
