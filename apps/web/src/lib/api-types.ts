import type { AppRouter } from '@takt/server/router';
import type { inferRouterOutputs } from '@trpc/server';

export type { AppRouter };
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export type SystemState = RouterOutputs['system']['state'];
export type User = RouterOutputs['users']['whoAmI'];
export type SpaceListItem = RouterOutputs['users']['spaces'][number];
export type SpaceConfig = RouterOutputs['users']['spaceConfig'];
export type Role = RouterOutputs['roles']['list'][number];
export type Delegation = RouterOutputs['delegation']['list']['given'][number];
export type SpaceSettingsDto = RouterOutputs['space']['settings'];
