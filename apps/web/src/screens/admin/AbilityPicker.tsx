import { ABILITIES, type Ability } from '@takt/contracts';
import { useT } from '../../lib/i18n';

/** Checkboxes of abilities; `available` limits the choice (e.g. to what one may delegate). */
export function AbilityPicker({
  value,
  onChange,
  disabled = false,
  available = ABILITIES,
}: {
  value: readonly Ability[];
  onChange: (abilities: Ability[]) => void;
  disabled?: boolean;
  available?: readonly Ability[];
}) {
  const t = useT();
  const toggle = (ability: Ability, on: boolean) =>
    onChange(ABILITIES.filter((a) => (a === ability ? on : value.includes(a))));
  return (
    <fieldset className="abilities" disabled={disabled}>
      <legend className="field-label">{t('admin.roles.abilities')}</legend>
      <div className="abilities-grid">
        {ABILITIES.filter((ability) => available.includes(ability)).map((ability) => (
          <label key={ability} className="check">
            <input
              type="checkbox"
              checked={value.includes(ability)}
              onChange={(e) => toggle(ability, e.target.checked)}
            />
            <span>{t(`ability.${ability}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
