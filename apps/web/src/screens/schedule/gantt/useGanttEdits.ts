import { type GanttSnapshot, type LINK_TYPES, WORK_SUMMARY } from '@takt/gantt';
import { applyDocumentChanges, type EditCommand, workLabel } from '@takt/schedule';
import type { Dispatch, RefObject, SetStateAction } from 'react';
import { confirmedDelete } from '../../../components/confirm';
import type { ScheduleModel } from '../../../lib/columnar';
import { describeFailure } from '../../../lib/errors';
import type { Translate } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import type { VersionInfo } from '../../../lib/schedule-types';
import { api } from '../../../lib/trpc';
import { type DragEdit, dragCommand, dragRefusal } from './edit';
import type { snapshotLinkRelations } from './snapshot';
import type { GanttTimelineProps, ReadOnlyReason, Status, TimelineRefs } from './timeline';
import type { WhatIf } from './whatif';

/**
 * The edits of the timeline: what a work is called and whether it may be dragged or linked, and the
 * saving of a drag, a new link and a deleted one — each one `works.applyEdit` call that also
 * calculates — after which the changes the server answers are applied to the model in place (the
 * version reloads when it answers none: new or removed links, or a change of most of the version).
 */
export function useGanttEdits(args: {
  props: Pick<GanttTimelineProps, 'onChanged' | 'onPatched'>;
  refs: TimelineRefs;
  t: Translate;
  spaceId: string;
  model: ScheduleModel;
  base: GanttSnapshot;
  linkRelations: ReturnType<typeof snapshotLinkRelations>;
  version: VersionInfo;
  readOnly: ReadOnlyReason | null;
  whatIf: RefObject<WhatIf | null>;
  setStatus: Dispatch<SetStateAction<Status | null>>;
}) {
  const { props, refs, t, spaceId, model, base, linkRelations, version, readOnly, whatIf, setStatus } = args;
  const { preview, selectedLink, busy } = refs;
  // ── editing ────────────────────────────────────────────────────────────────────────────────
  const label = (work: number) => workLabel(model, work);
  const typeName = (work: number) => model.enums.type[model.type[work]!] ?? 'task';
  const refusalText = (work: number): string | null => {
    if (readOnly) return t(`gantt.readonly.${readOnly}`);
    const refusal = dragRefusal(
      base.shape[work]!,
      typeName(work),
      base.planStart[work]!,
      base.planFinish[work]!,
      model.factStart[work]!,
    );
    return refusal ? t(`gantt.refuse.${refusal}`) : null;
  };
  const linkable = (work: number) => !readOnly && base.shape[work] !== WORK_SUMMARY;

  const restore = () => {
    whatIf.current?.reset();
    preview.current = null;
  };

  /**
   * Saves an edit as one command: the server applies it, calculates (when the user may) and records
   * one undo action, all or nothing. Based on the version as loaded: if it changed since, the edit is
   * refused (Conflict) and the reload shows what changed.
   */
  const save = (commands: EditCommand[]) =>
    api.works.applyEdit.mutate({ spaceId, versionId: version.id, revision: model.versionRevision, commands });

  /** After a failed save: a conflict says the version is reloaded (other failures are shown by the app). */
  const failed = (error: unknown) => {
    setStatus(null);
    if (describeFailure(error, 'works.applyEdit').code === 'Conflict')
      notify('info', [t('grid.conflict_reloaded')]);
  };

  const commitDrag = async (work: number, edit: DragEdit) => {
    busy.current = true;
    setStatus({ text: t('gantt.saving'), tone: 'busy' });
    const revision = model.versionRevision;
    let patched = false;
    try {
      const saved = await save([dragCommand(model.ids[work]!, edit)]);
      setStatus({ text: t(saved.calculated ? 'gantt.saved' : 'gantt.saved_not_calculated'), tone: 'info' });
      // The model becomes the version as saved; the preview drawn meanwhile gives way to it. The live
      // update of this very edit may have come first and applied the same changes already.
      patched =
        (!!saved.changes && applyDocumentChanges(model, saved.changes, revision)) ||
        (model.versionRevision === saved.versionRevision && saved.changes?.calcStatus === model.calcStatus);
      if (patched) restore();
    } catch (error) {
      restore();
      failed(error);
    } finally {
      busy.current = false;
      if (patched) props.onPatched();
      else props.onChanged();
    }
  };

  const createLink = async (from: number, to: number, type: (typeof LINK_TYPES)[number]) => {
    const names = { type: type.toUpperCase(), from: label(from), to: label(to) };
    const r = model.relations;
    for (let k = 0; k < r.count; k++) {
      if (r.predecessor[k] === from && r.successor[k] === to) {
        setStatus({ text: t('gantt.link.exists'), tone: 'warn' });
        return;
      }
    }
    if (whatIf.current?.wouldCycle(from, to, type)) {
      setStatus({ text: t('gantt.link.cycle'), tone: 'warn' });
      return;
    }
    busy.current = true;
    setStatus({ text: t('gantt.saving'), tone: 'busy' });
    try {
      await save([
        { kind: 'link', predecessorId: model.ids[from]!, successorId: model.ids[to]!, type, lagMinutes: 0 },
      ]);
      setStatus({ text: t('gantt.link.created', names), tone: 'info' });
    } catch (error) {
      failed(error);
    } finally {
      busy.current = false;
      props.onChanged();
    }
  };

  const linkNames = (link: number) => {
    const k = linkRelations[link]!;
    const r = model.relations;
    return {
      k,
      from: r.predecessor[k]!,
      to: r.successor[k]!,
      type: (model.enums.linkType[r.type[k]!] ?? 'fs') as (typeof LINK_TYPES)[number],
    };
  };

  const deleteLink = async (link: number) => {
    if (readOnly || link < 0 || link >= linkRelations.length) return;
    const { from, to, type } = linkNames(link);
    const names = { type: type.toUpperCase(), from: label(from), to: label(to) };
    if (!(await confirmedDelete(t('gantt.link.delete_title', names), t('gantt.link.delete_text')))) return;
    busy.current = true;
    setStatus({ text: t('gantt.saving'), tone: 'busy' });
    try {
      await save([{ kind: 'unlink', predecessorId: model.ids[from]!, successorId: model.ids[to]!, type }]);
      setStatus({ text: t('gantt.link.deleted'), tone: 'info' });
      selectedLink.current = -1;
    } catch (error) {
      failed(error);
    } finally {
      busy.current = false;
      props.onChanged();
    }
  };

  return {
    label,
    refusalText,
    linkable,
    restore,
    commitDrag,
    createLink,
    linkNames,
    deleteLink,
  };
}
