import type { Ability } from '@takt/contracts';
import { createContext, useContext } from 'react';
import type { SpaceConfig } from '../lib/api-types';

export interface SpaceContextValue {
  spaceId: string;
  config: SpaceConfig;
}

export const SpaceContext = createContext<SpaceContextValue | null>(null);

/** The open space; only screens inside the space layout call this. */
export function useSpace(): SpaceContextValue & { can: (ability: Ability) => boolean } {
  const value = useContext(SpaceContext);
  if (!value) throw new Error('useSpace() outside the space layout');
  return { ...value, can: (ability) => value.config.abilities.includes(ability) };
}
