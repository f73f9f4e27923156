import { CALCULATION_SCENARIOS, LEVELING_RULES, SCENARIO_VARIANTS } from '@takt/contracts';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { Checkbox, SelectField, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useSaving } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { api, trpc } from '../../lib/trpc';

type Rule = (typeof LEVELING_RULES)[number];
type Variant = (typeof SCENARIO_VARIANTS)[number];

/**
 * A version's resource settings (API resource settings): the calculation scenario with its variant and
 * dates from the daily volume plan, the cost attributes update-costs writes, and leveling defaults.
 */
export function ResourceSettingsDialog({
  versionId,
  readOnly,
  onClose,
}: {
  versionId: string;
  readOnly: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const settings = trpc.resources.settings.useQuery({ spaceId, versionId });
  const attributes = trpc.attributes.list.useQuery({ spaceId });
  const [scenario, setScenario] = useState<(typeof CALCULATION_SCENARIOS)[number]>(1);
  const [variant, setVariant] = useState<Variant | ''>('');
  const [autoStart, setAutoStart] = useState(false);
  const [autoFinish, setAutoFinish] = useState(false);
  const [plan, setPlan] = useState('');
  const [fact, setFact] = useState('');
  const [rule, setRule] = useState<Rule>('lft');
  const [withinFloat, setWithinFloat] = useState(false);
  const { errors, busy, run } = useSaving();
  useEffect(() => {
    const s = settings.data;
    if (!s) return;
    setScenario(s.scenario as (typeof CALCULATION_SCENARIOS)[number]);
    setVariant(s.variant ?? '');
    setAutoStart(s.autoStartFromWdp);
    setAutoFinish(s.autoFinishFromWdp);
    setPlan(s.planCostAttributeId ?? '');
    setFact(s.factCostAttributeId ?? '');
    setRule(s.leveling?.rule ?? 'lft');
    setWithinFloat(s.leveling?.withinFloat ?? false);
  }, [settings.data]);
  const money = (attributes.data ?? []).filter((a) => a.valueType === 'money' || a.valueType === 'number');
  const options = [
    { value: '', label: t('common.none') },
    ...money.map((a) => ({ value: a.id, label: a.name })),
  ];

  const submit = () => {
    const current = settings.data;
    if (!current) return;
    void run(async () => {
      await api.resources.updateSettings.mutate(
        {
          spaceId,
          versionId,
          revision: current.revision,
          scenario,
          variant: variant || null,
          autoStartFromWdp: autoStart,
          autoFinishFromWdp: autoFinish,
          planCostAttributeId: plan || null,
          factCostAttributeId: fact || null,
          leveling: { ...(current.leveling ?? { seed: 1, schedules: 200 }), rule, withinFloat },
        },
        { context: { showsIssues: true } },
      );
      await utils.resources.settings.invalidate();
      notify('success', [t('common.saved')]);
      onClose();
    });
  };

  return (
    <FormDialog
      title={t('resource_settings.title')}
      busy={busy}
      onSubmit={readOnly ? undefined : submit}
      onClose={onClose}
      testId="resource-settings-dialog"
    >
      {settings.isLoading ? (
        <Spinner />
      ) : (
        <>
          <SelectField
            label={t('resource_settings.scenario')}
            value={String(scenario)}
            onChange={(v) => setScenario(Number(v) as typeof scenario)}
            options={CALCULATION_SCENARIOS.map((n) => ({
              value: String(n),
              label: t(`resource_settings.scenario.${n}`),
            }))}
            disabled={readOnly}
            data-testid="settings-scenario"
          />
          <SelectField
            label={t('resource_settings.variant')}
            value={variant}
            onChange={(v) => setVariant(v as Variant | '')}
            options={[
              { value: '', label: t('resource_settings.variant.default') },
              ...SCENARIO_VARIANTS.map((v) => ({ value: v, label: t(`resource_settings.variant.${v}`) })),
            ]}
            error={errors.variant}
            disabled={readOnly}
          />
          <Checkbox
            label={t('resource_settings.auto_start')}
            checked={autoStart}
            onChange={setAutoStart}
            disabled={readOnly}
          />
          <Checkbox
            label={t('resource_settings.auto_finish')}
            checked={autoFinish}
            onChange={setAutoFinish}
            disabled={readOnly}
          />
          <SelectField
            label={t('resource_settings.plan_cost')}
            value={plan}
            onChange={setPlan}
            options={options}
            error={errors.planCostAttributeId}
            hint={t('resource_settings.cost_hint')}
            disabled={readOnly}
          />
          <SelectField
            label={t('resource_settings.fact_cost')}
            value={fact}
            onChange={setFact}
            options={options}
            error={errors.factCostAttributeId}
            disabled={readOnly}
          />
          <SelectField
            label={t('leveling.rule')}
            value={rule}
            onChange={(v) => setRule(v as Rule)}
            options={LEVELING_RULES.map((r) => ({ value: r, label: t(`leveling.rule.${r}`) }))}
            disabled={readOnly}
          />
          <Checkbox
            label={t('leveling.within_float')}
            checked={withinFloat}
            onChange={setWithinFloat}
            disabled={readOnly}
          />
        </>
      )}
    </FormDialog>
  );
}
