/**
 * Abilities a role grants inside a space. Every space procedure declares the ability it needs;
 * membership alone grants nothing but `space.view`.
 */
export const ABILITIES = [
  'space.view',
  'space.manage',
  'users.view',
  'users.manage',
  'roles.manage',
  'delegation.manage',
  'audit.view',
  'structure.view',
  'structure.edit',
  'schedule.view',
  'schedule.edit',
  'schedule.calculate',
  'versions.manage',
  'calendars.edit',
  'attributes.edit',
  'directories.edit',
  'resources.view',
  'resources.edit',
  'wdp.edit',
  'timesheets.submit',
  'timesheets.accept',
  'import',
  'export',
  'print',
  'bim.view',
  'bim.edit',
] as const;
export type Ability = (typeof ABILITIES)[number];

export const BUILT_IN_ROLES = {
  administrator: [...ABILITIES],
  planner: ABILITIES.filter(
    (a) => !['space.manage', 'users.manage', 'roles.manage', 'audit.view'].includes(a),
  ) as Ability[],
  executor: [
    'space.view',
    'users.view',
    'delegation.manage',
    'structure.view',
    'schedule.view',
    'resources.view',
    'wdp.edit',
    'timesheets.submit',
    'print',
    'export',
    'bim.view',
  ] as Ability[],
  curator: [
    'space.view',
    'users.view',
    'delegation.manage',
    'structure.view',
    'schedule.view',
    'resources.view',
    'timesheets.accept',
    'print',
    'export',
    'bim.view',
  ] as Ability[],
  viewer: ['space.view', 'structure.view', 'schedule.view', 'resources.view', 'bim.view'] as Ability[],
} satisfies Record<string, Ability[]>;
export type BuiltInRoleKey = keyof typeof BUILT_IN_ROLES;
