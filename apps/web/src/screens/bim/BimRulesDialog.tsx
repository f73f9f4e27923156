import type { BimLinkRuleInput } from '@takt/contracts';
import { useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { Button, Checkbox, Empty, TextField } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';

const PLACEHOLDERS = '{storey}, {storey#}, {building}, {building#}, {class}';
const ANY = '';

/**
 * Linking by rule (capabilities "by rules"): elements of a storey and IFC class, or with a property value,
 * are linked to the works at a WBS path (with placeholders) or with an attribute value. Check shows how
 * many links the rule would make; the rule can be applied once or saved for the schedule.
 */
export function BimRulesDialog({
  spaceId,
  scheduleId,
  versionId,
  modelId,
  editable,
  profiles,
  onApplied,
  onClose,
}: {
  spaceId: string;
  scheduleId: string;
  versionId: string;
  modelId: string | null;
  editable: boolean;
  profiles: { id: string; name: string }[];
  onApplied: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const utils = trpc.useUtils();
  const keys = trpc.bim.models.attributes.useQuery(
    { spaceId, modelId: modelId ?? '' },
    { enabled: !!modelId },
  );
  const attributes = trpc.attributes.list.useQuery({ spaceId, scheduleId });
  const saved = trpc.bim.rules.list.useQuery({ spaceId, scheduleId });
  const [classes, setClasses] = useState('');
  const [storey, setStorey] = useState(ANY);
  const [building, setBuilding] = useState(ANY);
  const [propertyName, setPropertyName] = useState('');
  const [propertyValue, setPropertyValue] = useState('');
  const [targetKind, setTargetKind] = useState<'wbs' | 'attribute'>('wbs');
  const [path, setPath] = useState('Секция {building#} / {storey} / *');
  const [attributeId, setAttributeId] = useState('');
  const [attributeValue, setAttributeValue] = useState('{storey}');
  const [profileId, setProfileId] = useState(profiles[0]?.id ?? '');
  const [name, setName] = useState('');
  const [replace, setReplace] = useState(false);
  const [preview, setPreview] = useState<{ elements: number; links: number } | null>(null);

  const rule = (): BimLinkRuleInput => ({
    element: {
      ...(classes.trim()
        ? {
            ifcClasses: classes
              .split(/[,\s]+/)
              .map((c) => c.trim())
              .filter(Boolean),
          }
        : {}),
      ...(storey ? { storey } : {}),
      ...(building ? { building } : {}),
      ...(propertyName.trim()
        ? { property: { name: propertyName.trim(), value: propertyValue.trim() } }
        : {}),
    },
    target:
      targetKind === 'wbs'
        ? {
            kind: 'wbs',
            path: path
              .split('/')
              .map((p) => p.trim())
              .filter(Boolean),
          }
        : { kind: 'attribute', attributeId, value: attributeValue.trim() },
    profileId: profileId || null,
  });
  const apply = trpc.bim.links.applyRules.useMutation({
    onSuccess: (result, input) => {
      if (input.dryRun) {
        setPreview({ elements: result.elements, links: result.proposed });
        return;
      }
      notify('success', [t('bim.rules.applied', { created: result.created, removed: result.removed })]);
      onApplied();
    },
  });
  const create = trpc.bim.rules.create.useMutation({
    onSuccess: () => void utils.bim.rules.list.invalidate(),
  });
  const remove = trpc.bim.rules.delete.useMutation({
    onSuccess: () => void utils.bim.rules.list.invalidate(),
  });
  const storeys = keys.data?.storeys.filter((s) => s.value) ?? [];
  const buildings = keys.data?.buildings.filter((b) => b.value) ?? [];

  return (
    <FormDialog
      title={t('bim.rules.title')}
      wide
      submitLabel={t('bim.rules.apply')}
      busy={apply.isPending}
      onSubmit={editable ? () => apply.mutate({ spaceId, versionId, rules: [rule()], replace }) : undefined}
      onClose={onClose}
      testId="bim-rules-dialog"
    >
      <div className="bim-rule-grid">
        <TextField
          label={t('bim.rules.classes')}
          hint={t('bim.rules.classes_hint')}
          value={classes}
          onChange={setClasses}
          list="bim-classes"
          data-testid="bim-rule-classes"
        />
        <datalist id="bim-classes">
          {keys.data?.classes.map((c) => (
            <option key={c.value ?? ''} value={c.value ?? ''} />
          ))}
        </datalist>
        <label className="field">
          <span className="field-label">{t('bim.rules.storey')}</span>
          <select
            className="input"
            value={storey}
            onChange={(e) => setStorey(e.target.value)}
            data-testid="bim-rule-storey"
          >
            <option value={ANY}>{t('bim.rules.any')}</option>
            {storeys.map((s) => (
              <option key={s.value} value={s.value ?? ''}>
                {s.value} ({s.count})
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t('bim.rules.building')}</span>
          <select className="input" value={building} onChange={(e) => setBuilding(e.target.value)}>
            <option value={ANY}>{t('bim.rules.any')}</option>
            {buildings.map((b) => (
              <option key={b.value} value={b.value ?? ''}>
                {b.value} ({b.count})
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={t('bim.rules.property_name')}
          value={propertyName}
          onChange={setPropertyName}
          list="bim-properties"
        />
        <datalist id="bim-properties">
          {[...new Set(keys.data?.properties.map((p) => p.name))].map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        <TextField label={t('bim.rules.property_value')} value={propertyValue} onChange={setPropertyValue} />
        <label className="field">
          <span className="field-label">{t('bim.rules.target')}</span>
          <select
            className="input"
            value={targetKind}
            onChange={(e) => setTargetKind(e.target.value as 'wbs' | 'attribute')}
          >
            <option value="wbs">{t('bim.rules.target.wbs')}</option>
            <option value="attribute">{t('bim.rules.target.attribute')}</option>
          </select>
        </label>
        {targetKind === 'wbs' ? (
          <TextField
            label={t('bim.rules.path')}
            hint={t('bim.rules.path_hint', { placeholders: PLACEHOLDERS })}
            value={path}
            onChange={setPath}
            data-testid="bim-rule-path"
          />
        ) : (
          <>
            <label className="field">
              <span className="field-label">{t('bim.rules.attribute')}</span>
              <select className="input" value={attributeId} onChange={(e) => setAttributeId(e.target.value)}>
                <option value="" />
                {(attributes.data ?? []).map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </label>
            <TextField
              label={t('bim.rules.attribute_value')}
              value={attributeValue}
              onChange={setAttributeValue}
            />
          </>
        )}
        <label className="field">
          <span className="field-label">{t('bim.rules.profile')}</span>
          <select className="input" value={profileId} onChange={(e) => setProfileId(e.target.value)}>
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <Checkbox label={t('bim.rules.replace')} checked={replace} onChange={setReplace} />
      </div>
      <div className="bim-rule-actions">
        <Button
          onClick={() => apply.mutate({ spaceId, versionId, rules: [rule()], dryRun: true })}
          busy={apply.isPending}
          data-testid="bim-rule-check"
        >
          {t('bim.rules.preview')}
        </Button>
        {preview && (
          <output data-testid="bim-rule-preview">
            {t('bim.rules.preview_result', { elements: preview.elements, links: preview.links })}
          </output>
        )}
      </div>
      {editable && (
        <div className="bim-rule-actions">
          <TextField label={t('bim.rules.name')} value={name} onChange={setName} maxLength={32} />
          <Button
            disabled={!name.trim()}
            busy={create.isPending}
            onClick={() => create.mutate({ spaceId, scheduleId, name: name.trim(), rule: rule() })}
          >
            {t('bim.rules.save')}
          </Button>
        </div>
      )}
      <h3 className="bim-side-title">{t('bim.rules.saved')}</h3>
      {saved.data?.length ? (
        <ul className="bim-list">
          {saved.data.map((r) => (
            <li key={r.id} className="bim-list-row">
              <span className="bim-grow">{r.name}</span>
              <span className="bim-muted">
                {r.rule.target.kind === 'wbs' ? r.rule.target.path.join(' / ') : r.rule.target.value}
              </span>
              {editable && (
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={t('bim.rules.delete', { name: r.name })}
                  onClick={() => remove.mutate({ spaceId, ruleId: r.id })}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <Empty>{t('bim.rules.none')}</Empty>
      )}
      {editable && !!saved.data?.length && (
        <Button
          onClick={() => apply.mutate({ spaceId, versionId, replace })}
          busy={apply.isPending}
          data-testid="bim-rules-apply-saved"
        >
          {t('bim.rules.apply_saved')}
        </Button>
      )}
    </FormDialog>
  );
}
