import { Checkbox, namedOptions, SelectField, TextField } from '../../components/ui';
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
  /** "Any", then each named value with the count of its elements. */
  const anyOf = (values: Counted[] | undefined) => [
    { value: ANY, label: t('bim.rules.any') },
    ...(values ?? []).flatMap((v) => (v.value ? [{ value: v.value, label: `${v.value} (${v.count})` }] : [])),
  ];
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
      <SelectField
        label={t('bim.rules.storey')}
        value={draft.storey}
        onChange={(storey) => onChange({ storey })}
        options={anyOf(keys?.storeys)}
        data-testid="bim-rule-storey"
      />
      <SelectField
        label={t('bim.rules.building')}
        value={draft.building}
        onChange={(building) => onChange({ building })}
        options={anyOf(keys?.buildings)}
      />
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
      <SelectField
        label={t('bim.rules.profile')}
        value={draft.profileId}
        onChange={(profileId) => onChange({ profileId })}
        options={namedOptions(profiles)}
      />
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
      <SelectField
        label={t('bim.rules.target')}
        value={draft.targetKind}
        onChange={(kind) => onChange({ targetKind: kind as RuleDraft['targetKind'] })}
        options={[
          { value: 'wbs', label: t('bim.rules.target.wbs') },
          { value: 'attribute', label: t('bim.rules.target.attribute') },
        ]}
      />
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
          <SelectField
            label={t('bim.rules.attribute')}
            value={draft.attributeId}
            onChange={(attributeId) => onChange({ attributeId })}
            options={namedOptions(attributes, '')}
          />
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
