import { CALCULATION_SCENARIOS, LEVELING_RULES, SCENARIO_VARIANTS } from '@takt/contracts';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { Checkbox, namedOptions, SelectField, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useSaving } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { api, trpc } from '../../lib/trpc';

type Rule = (typeof LEVELING_RULES)[number];
type Variant = (typeof SCENARIO_VARIANTS)[number];
type Scenario = (typeof CALCULATION_SCENARIOS)[number];

/** The settings as the dialog edits them: the optional choices as '' while none is made. */
interface SettingsDraft {
  scenario: Scenario;
  variant: Variant | '';
  autoStartFromWdp: boolean;
  autoFinishFromWdp: boolean;
  planCostAttributeId: string;
  factCostAttributeId: string;
  rule: Rule;
  withinFloat: boolean;
}

/** What the dialog shows until the version's settings have loaded. */
const NO_SETTINGS: SettingsDraft = {
  scenario: 1,
  variant: '',
  autoStartFromWdp: false,
  autoFinishFromWdp: false,
  planCostAttributeId: '',
  factCostAttributeId: '',
  rule: 'lft',
  withinFloat: false,
};

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
  const [draft, setDraft] = useState<SettingsDraft>(NO_SETTINGS);
  const { errors, busy, run } = useSaving();
  useEffect(() => {
    const s = settings.data;
    if (!s) return;
    setDraft({
      scenario: s.scenario as Scenario,
      variant: s.variant ?? '',
      autoStartFromWdp: s.autoStartFromWdp,
      autoFinishFromWdp: s.autoFinishFromWdp,
      planCostAttributeId: s.planCostAttributeId ?? '',
      factCostAttributeId: s.factCostAttributeId ?? '',
      rule: s.leveling?.rule ?? 'lft',
      withinFloat: s.leveling?.withinFloat ?? false,
    });
  }, [settings.data]);
  const change = (patch: Partial<SettingsDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const money = (attributes.data ?? []).filter((a) => a.valueType === 'money' || a.valueType === 'number');
  const options = namedOptions(money, t('common.none'));
  // The props of a switch and of a cost attribute's select, bound to their field of the draft.
  const check = (key: 'autoStartFromWdp' | 'autoFinishFromWdp' | 'withinFloat') => ({
    checked: draft[key],
    onChange: (on: boolean) => change({ [key]: on }),
    disabled: readOnly,
  });
  const cost = (key: 'planCostAttributeId' | 'factCostAttributeId') => ({
    value: draft[key],
    onChange: (value: string) => change({ [key]: value }),
    options,
    error: errors[key],
    disabled: readOnly,
  });

  const submit = () => {
    const current = settings.data;
    if (!current) return;
    const { variant, planCostAttributeId, factCostAttributeId, rule, withinFloat, ...flags } = draft;
    void run(async () => {
      await api.resources.updateSettings.mutate(
        {
          spaceId,
          versionId,
          revision: current.revision,
          ...flags,
          variant: variant || null,
          planCostAttributeId: planCostAttributeId || null,
          factCostAttributeId: factCostAttributeId || null,
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
            value={String(draft.scenario)}
            onChange={(v) => change({ scenario: Number(v) as Scenario })}
            options={CALCULATION_SCENARIOS.map((n) => ({
              value: String(n),
              label: t(`resource_settings.scenario.${n}`),
            }))}
            disabled={readOnly}
            data-testid="settings-scenario"
          />
          <SelectField
            label={t('resource_settings.variant')}
            value={draft.variant}
            onChange={(v) => change({ variant: v as Variant | '' })}
            options={[
              { value: '', label: t('resource_settings.variant.default') },
              ...SCENARIO_VARIANTS.map((v) => ({ value: v, label: t(`resource_settings.variant.${v}`) })),
            ]}
            error={errors.variant}
            disabled={readOnly}
          />
          <Checkbox label={t('resource_settings.auto_start')} {...check('autoStartFromWdp')} />
          <Checkbox label={t('resource_settings.auto_finish')} {...check('autoFinishFromWdp')} />
          <SelectField
            label={t('resource_settings.plan_cost')}
            {...cost('planCostAttributeId')}
            hint={t('resource_settings.cost_hint')}
          />
          <SelectField label={t('resource_settings.fact_cost')} {...cost('factCostAttributeId')} />
          <SelectField
            label={t('leveling.rule')}
            value={draft.rule}
            onChange={(v) => change({ rule: v as Rule })}
            options={LEVELING_RULES.map((r) => ({ value: r, label: t(`leveling.rule.${r}`) }))}
            disabled={readOnly}
          />
          <Checkbox label={t('leveling.within_float')} {...check('withinFloat')} />
        </>
      )}
    </FormDialog>
  );
}
