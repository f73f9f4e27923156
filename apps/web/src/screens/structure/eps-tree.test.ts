import { describe, expect, it } from 'vitest';
import type { ScheduleGroup } from '../../lib/schedule-types';
import { childrenByParent, createTarget, projectChildren } from './eps-tree';
import type { EpsNode } from './NodeInfo';

const node = (id: string, kind: EpsNode['kind'], parentId: string | null) =>
  ({ id, kind, parentId }) as EpsNode;
const site = node('f', 'facility', null);
const tower = node('p', 'project', 'f');
const [a, b, c] = ['a', 'b', 'c'].map((id) => node(id, 'schedule', 'p'));
const nodes = [site, tower, a!, b!, c!];
const frame = { id: 'g', projectId: 'p', scheduleIds: ['b', 'x'] } as ScheduleGroup;

describe('the EPS tree', () => {
  it('lists children under their parent in order', () => {
    const children = childrenByParent(nodes);
    expect(children.get(null)).toEqual([site]);
    expect(children.get('p')?.map((n) => n.id)).toEqual(['a', 'b', 'c']);
  });

  it('puts a project’s groups with their schedules first, then its other children', () => {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const { groups, rest } = projectChildren(tower, [a!, b!, c!], [frame], byId);
    expect(groups).toEqual([{ group: frame, schedules: [b] }]);
    expect(rest.map((n) => n.id)).toEqual(['a', 'c']);
  });

  it('adds a node under the selection when it may hold it, else at the root', () => {
    expect(createTarget('facility', null, null)).toEqual({ parentId: null, groupId: null });
    expect(createTarget('facility', site, null)).toEqual({ parentId: 'f', groupId: null });
    expect(createTarget('project', site, null)).toEqual({ parentId: 'f', groupId: null });
    expect(createTarget('project', tower, null)).toBeNull();
    expect(createTarget('schedule', tower, null)).toEqual({ parentId: 'p', groupId: null });
    expect(createTarget('schedule', null, null)).toBeNull();
  });

  it('adds a schedule into the selected group', () => {
    expect(createTarget('schedule', tower, frame)).toEqual({ parentId: 'p', groupId: 'g' });
    expect(createTarget('facility', tower, frame)).toEqual({ parentId: null, groupId: null });
  });
});
