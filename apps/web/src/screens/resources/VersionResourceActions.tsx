import { useState } from 'react';
import { Button } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import type { VersionPanelProps } from '../../lib/schedule-types';
import { trpc } from '../../lib/trpc';
import { scenarioMessages } from './assignment-edit';
import { quantityText } from './format';
import { ResourceSettingsDialog } from './ResourceSettingsDialog';

/** A mutation on a whole version, as its button runs it. */
interface VersionCall {
  isPending: boolean;
  mutate: (input: { spaceId: string; versionId: string }) => void;
}

/**
 * The version's resource actions: update the costs, apply the resource scenario, set the remaining
 * durations by intensity, and the version's resource settings.
 */
export function VersionResourceActions({ versionId, readOnly, onChanged }: VersionPanelProps) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const costs = trpc.resources.updateCosts.useMutation({
    onSuccess: (r) =>
      notify('success', [
        t('costs.success', {
          count: r.count,
          plan: quantityText(r.planTotal, 2),
          fact: quantityText(r.factTotal, 2),
        }),
      ]),
  });
  const scenario = trpc.resources.applyScenario.useMutation({
    onSuccess: (r) => {
      notify(r.skipped.length ? 'info' : 'success', scenarioMessages(t, r));
      // New durations move the works' dates, so the histogram under the Gantt changes too.
      void utils.resources.histogram.invalidate();
      onChanged();
    },
  });
  const remains = trpc.resources.remainsByIntensity.useMutation({
    onSuccess: (r) => {
      notify('success', [t('remains.done', { count: r.count })]);
      void utils.resources.histogram.invalidate();
      onChanged();
    },
  });
  // The three calls on the whole version: each a button, busy while its call runs.
  const versionCalls: { call: VersionCall; label: string; testId?: string }[] = [
    { call: costs, label: t('costs.update'), testId: 'update-costs' },
    { call: scenario, label: t('scenario.apply'), testId: 'apply-scenario' },
    { call: remains, label: t('remains.run') },
  ];
  return (
    <>
      <h4 className="panel-title">{t('assignment.version_actions')}</h4>
      <div className="assignment-actions">
        {versionCalls.map(({ call, label, testId }) => (
          <Button
            key={label}
            disabled={readOnly}
            busy={call.isPending}
            onClick={() => call.mutate({ spaceId, versionId })}
            data-testid={testId}
          >
            {label}
          </Button>
        ))}
        <Button
          disabled={!can('schedule.view')}
          onClick={() => setSettingsOpen(true)}
          data-testid="resource-settings"
        >
          {t('resource_settings.open')}
        </Button>
      </div>
      {settingsOpen && (
        <ResourceSettingsDialog
          versionId={versionId}
          readOnly={readOnly}
          onClose={() => setSettingsOpen(false)}
        />
      )}
    </>
  );
}
