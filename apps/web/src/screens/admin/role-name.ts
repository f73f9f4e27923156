import type { Translate } from '../../lib/i18n';

const BUILT_IN_KEYS = ['administrator', 'planner', 'executor', 'curator', 'viewer'] as const;

/** Built-in roles are shown in the interface language; custom roles by their own name. */
export function roleName(t: Translate, role: { name: string; key?: string | null }): string {
  const key = BUILT_IN_KEYS.find((k) => k === role.key);
  return key ? t(`roles.${key}`) : role.name;
}
