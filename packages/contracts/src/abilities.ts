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
  'chat.read',
  'chat.write',
  'chat.moderate',
  /** Kanban boards of schedules: boards, columns and labels; checklist templates. */
  'boards.manage',
  /** Kanban cards (create, move, assign, comment, attach) and ticking checklists. */
  'boards.work',
  /** Shared dashboard presets of the analytics and the order of the scoreboard. */
  'analytics.manage',
  /** Estimates, their measures, price catalogue and compliance rules: seeing them. */
  'estimates.view',
  /** Estimates, measures, the price catalogue, compliance rules, and applying compliance to a version's works. */
  'estimates.edit',
] as const;
export type Ability = (typeof ABILITIES)[number];

/**
 * A role of the people on site (executor, curator): they see the space, its people, structure, schedules
 * and resources, delegate, print, export and view the model — and have their own abilities `own`.
 */
const siteRole = (...own: Ability[]): Ability[] => [
  'space.view',
  'users.view',
  'delegation.manage',
  'structure.view',
  'schedule.view',
  'resources.view',
  ...own,
  'print',
  'export',
  'bim.view',
  'chat.read',
  'chat.write',
  'boards.work',
];

export const BUILT_IN_ROLES = {
  administrator: [...ABILITIES],
  planner: ABILITIES.filter(
    (a) => !['space.manage', 'users.manage', 'roles.manage', 'audit.view'].includes(a),
  ) as Ability[],
  executor: siteRole('wdp.edit', 'timesheets.submit'),
  curator: siteRole('timesheets.accept', 'estimates.view'),
  viewer: [
    'space.view',
    'structure.view',
    'schedule.view',
    'resources.view',
    'bim.view',
    'chat.read',
    'estimates.view',
  ] as Ability[],
} satisfies Record<string, Ability[]>;
export type BuiltInRoleKey = keyof typeof BUILT_IN_ROLES;
