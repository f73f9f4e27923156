import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import type { Selection } from './bim-types';

/** Linking and model commands: link/unlink the selection, links from process data, model update/delete. */
export function useBimCommands(
  spaceId: string,
  versionId: string,
  selection: Selection,
  selectedWorks: Set<string>,
) {
  const t = useT();
  const utils = trpc.useUtils();
  const refreshLinks = () => {
    void utils.bim.links.player.invalidate();
    void utils.bim.links.wbs.invalidate();
    void utils.bim.links.relations.invalidate();
    void utils.bim.models.elements.invalidate();
  };
  const link = trpc.bim.links.link.useMutation();
  const unlink = trpc.bim.links.unlink.useMutation();
  /** Runs a link call per model with selected elements and adds up what each answers. */
  const perModel = async (call: (modelId: string, globalIds: string[]) => Promise<number>) => {
    let total = 0;
    for (const [modelId, ids] of selection) if (ids.size) total += await call(modelId, [...ids]);
    return total;
  };
  const linkSelected = async () => {
    const created = await perModel(
      async (modelId, globalIds) =>
        (await link.mutateAsync({ spaceId, versionId, modelId, globalIds, workIds: [...selectedWorks] }))
          .created,
    );
    notify('success', [t('bim.linked', { count: created })]);
    refreshLinks();
  };
  const unlinkSelected = async () => {
    // Without selected works, every link of the selected elements goes.
    const workIds = selectedWorks.size ? { workIds: [...selectedWorks] } : {};
    const deleted = await perModel(
      async (modelId, globalIds) =>
        (await unlink.mutateAsync({ spaceId, versionId, modelId, globalIds, ...workIds })).deleted,
    );
    notify('success', [t('bim.unlinked', { count: deleted })]);
    refreshLinks();
  };
  const fromProcess = trpc.bim.links.fromProcessData.useMutation({
    onSuccess: (r) => {
      notify('success', [
        t('bim.process.done', { tasks: r.tasks, created: r.created, unmatched: r.unmatched.length }),
      ]);
      refreshLinks();
    },
  });
  const updateModel = trpc.bim.models.update.useMutation({
    onSuccess: () => void utils.bim.models.list.invalidate(),
  });
  const deleteModel = trpc.bim.models.delete.useMutation({
    onSuccess: () => {
      void utils.bim.models.list.invalidate();
      refreshLinks();
    },
  });

  return { refreshLinks, link, unlink, linkSelected, unlinkSelected, fromProcess, updateModel, deleteModel };
}
