import { useMemo } from 'react';
import { useSpace } from '../../layouts/space-context';
import { trpc } from '../../lib/trpc';
import type { Member } from './board-model';

/**
 * The members of the space by user id (assignees of cards and checklist items, authors of comments); empty
 * for one who may not see the space's users, who then sees ids nowhere and picks nobody.
 */
export function useSpacePeople(): Map<string, Member> {
  const { spaceId, can } = useSpace();
  const members = trpc.space.users.useQuery({ spaceId }, { enabled: can('users.view'), staleTime: 60_000 });
  return useMemo(() => {
    const map = new Map<string, Member>();
    for (const m of members.data ?? [])
      map.set(m.userId, { id: m.userId, login: m.login, firstName: m.firstName, lastName: m.lastName });
    return map;
  }, [members.data]);
}
