import { Checkbox, TextField } from '../../components/ui';
import { useT } from '../../lib/i18n';
import type { RuleDraft } from './bim-rule';

const PLACEHOLDERS = '{storey}, {storey#}, {building}, {building#}, {class}';
const ANY = '';

interface Counted {
  value: string | null;
  count: number;
}

/**
 * The fields of a rule: which elements (IFC classes, storey, building, a property value), which works
 * (a WBS path or an attribute value), the 4D profile, and whether applying replaces the links there are.
 */
export function BimRuleFields({
  draft,
  onChange,
  keys,
  attributes,
  profiles,
  replace,
  onReplace,
}: {
  draft: RuleDraft;
  onChange: (patch: Partial<RuleDraft>) => void;
  /** The model's classes, storeys, buildings and properties to choose from. */
  keys:
    | {
        classes: Counted[];
        storeys: Counted[];
        buildings: Counted[];
        properties: { name: string }[];
      }
    | undefined;
  attributes: readonly { id: string; name: string }[];
  profiles: readonly { id: string; name: string }[];
  replace: boolean;
  onReplace: (replace: boolean) => void;
}) {
  const t = useT();
  const storeys = keys?.storeys.filter((s) => s.value) ?? [];
  const buildings = keys?.buildings.filter((b) => b.value) ?? [];
  return (
    <div className="bim-rule-grid">
      <TextField
        label={t('bim.rules.classes')}
        hint={t('bim.rules.classes_hint')}
        value={draft.classes}
        onChange={(classes) => onChange({ classes })}
        list="bim-classes"
        data-testid="bim-rule-classes"
      />
      <datalist id="bim-classes">
        {keys?.classes.map((c) => (
          <option key={c.value ?? ''} value={c.value ?? ''} />
        ))}
      </datalist>
      <label className="field">
        <span className="field-label">{t('bim.rules.storey')}</span>
        <select
          className="input"
          value={draft.storey}
          onChange={(e) => onChange({ storey: e.target.value })}
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
        <select
          className="input"
          value={draft.building}
          onChange={(e) => onChange({ building: e.target.value })}
        >
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
        value={draft.propertyName}
        onChange={(propertyName) => onChange({ propertyName })}
        list="bim-properties"
      />
      <datalist id="bim-properties">
        {[...new Set(keys?.properties.map((p) => p.name))].map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      <TextField
        label={t('bim.rules.property_value')}
        value={draft.propertyValue}
        onChange={(propertyValue) => onChange({ propertyValue })}
      />
      <RuleTarget draft={draft} onChange={onChange} attributes={attributes} />
      <label className="field">
        <span className="field-label">{t('bim.rules.profile')}</span>
        <select
          className="input"
          value={draft.profileId}
          onChange={(e) => onChange({ profileId: e.target.value })}
        >
          {profiles.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <Checkbox label={t('bim.rules.replace')} checked={replace} onChange={onReplace} />
    </div>
  );
}

/** Which works the elements link to: the works at a WBS path, or the works with an attribute value. */
function RuleTarget({
  draft,
  onChange,
  attributes,
}: {
  draft: RuleDraft;
  onChange: (patch: Partial<RuleDraft>) => void;
  attributes: readonly { id: string; name: string }[];
}) {
  const t = useT();
  return (
    <>
      <label className="field">
        <span className="field-label">{t('bim.rules.target')}</span>
        <select
          className="input"
          value={draft.targetKind}
          onChange={(e) => onChange({ targetKind: e.target.value as RuleDraft['targetKind'] })}
        >
          <option value="wbs">{t('bim.rules.target.wbs')}</option>
          <option value="attribute">{t('bim.rules.target.attribute')}</option>
        </select>
      </label>
      {draft.targetKind === 'wbs' ? (
        <TextField
          label={t('bim.rules.path')}
          hint={t('bim.rules.path_hint', { placeholders: PLACEHOLDERS })}
          value={draft.path}
          onChange={(path) => onChange({ path })}
          data-testid="bim-rule-path"
        />
      ) : (
        <>
          <label className="field">
            <span className="field-label">{t('bim.rules.attribute')}</span>
            <select
              className="input"
              value={draft.attributeId}
              onChange={(e) => onChange({ attributeId: e.target.value })}
            >
              <option value="" />
              {attributes.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
          <TextField
            label={t('bim.rules.attribute_value')}
            value={draft.attributeValue}
            onChange={(attributeValue) => onChange({ attributeValue })}
          />
        </>
      )}
    </>
  );
}
