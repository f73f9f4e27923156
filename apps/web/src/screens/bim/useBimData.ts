import { bimModelPlacement, bimPlacementMatrix, bimReferenceGeoreference } from '@takt/bim';
import type { BimPrimitive } from '@takt/bim/viewer';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSpace } from '../../layouts/space-context';
import { api, trpc } from '../../lib/trpc';
import { useScheduleVersion } from '../schedule/useScheduleVersion';
import { fetchModelGeometry } from './bim-data';
import type { LoadedModel } from './bim-types';

/** The screen's server data: the schedule, its project, versions, models (with their geometry), works and links. */
export function useBimData(scheduleId: string) {
  const { spaceId } = useSpace();
  const view = useScheduleVersion(scheduleId);
  const { node } = view;
  const versionId = view.versionId ?? '';
  const parent = trpc.eps.get.useQuery(
    { spaceId, nodeId: node.data?.parentId ?? '' },
    { enabled: !!node.data?.parentId },
  );
  const projectId = parent.data?.kind === 'project' ? parent.data.id : null;

  const models = trpc.bim.models.list.useQuery(
    { spaceId, projectId: projectId ?? '' },
    {
      enabled: !!projectId,
      refetchInterval: (q) => (q.state.data?.some((m) => m.status === 'uploading') ? 700 : false),
    },
  );
  const completed = useMemo(() => (models.data ?? []).filter((m) => m.status === 'completed'), [models.data]);
  const loads = useQueries({
    // Structurally shared: the array keeps its identity while no model's data changed.
    combine: (results) => results.map((r) => r.data),
    queries: completed.map((m) => ({
      queryKey: ['bim-model', m.id],
      staleTime: Number.POSITIVE_INFINITY,
      queryFn: async () => {
        const [geometry, columns] = await Promise.all([
          fetchModelGeometry(spaceId, m.projectId, m.id),
          api.bim.models.elementColumns.query({ spaceId, modelId: m.id }),
        ]);
        return { geometry, ...columns };
      },
    })),
  });
  const viewState = trpc.bim.profiles.state.useQuery(
    { spaceId, projectId: projectId ?? '' },
    { enabled: !!projectId },
  );
  const [hiddenModels, setHiddenModels] = useState<Set<string>>(new Set());
  const loaded: LoadedModel[] = useMemo(() => {
    // Models go where their files say relative to the project's first georeferenced one, then as moved.
    const reference = bimReferenceGeoreference(completed);
    return completed.flatMap((m, i) => {
      const data = loads[i];
      return data
        ? [
            {
              id: m.id,
              name: m.name,
              placement: bimPlacementMatrix(bimModelPlacement(m, reference)),
              located: !!m.georeference || !!m.offset,
              geometry: data.geometry,
              globalIds: data.globalIds,
              classes: data.classes,
              names: data.names,
              visible: m.visible && !hiddenModels.has(m.id),
            },
          ]
        : [];
    });
  }, [completed, hiddenModels, loads]);

  const works = trpc.works.list.useQuery({ spaceId, versionId }, { enabled: !!versionId });
  const player = trpc.bim.links.player.useQuery({ spaceId, versionId }, { enabled: !!versionId });
  const wbs = trpc.bim.links.wbs.useQuery({ spaceId, versionId }, { enabled: !!versionId });
  const primitivesQuery = trpc.bim.primitives.list.useQuery(
    { spaceId, epsId: projectId ?? '' },
    { enabled: !!projectId },
  );
  const primitives: BimPrimitive[] = useMemo(
    () =>
      (primitivesQuery.data ?? []).map((p) => ({
        ...p,
        position: p.position as [number, number, number],
        size: p.size as [number, number, number],
      })),
    [primitivesQuery.data],
  );

  return {
    view,
    node,
    parent,
    projectId,
    versions: view.versions,
    versionId,
    models,
    completed,
    viewState,
    hiddenModels,
    setHiddenModels,
    loaded,
    works,
    player,
    wbs,
    primitives,
  };
}
