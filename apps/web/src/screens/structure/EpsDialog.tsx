import { EPS_PARENT_KINDS, type EpsKind, requiredText } from '@takt/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { FormDialog } from '../../components/dialog';
import { namedOptions, SelectField, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import type { ScheduleGroup } from '../../lib/schedule-types';
import { trpc } from '../../lib/trpc';
import type { EpsNode } from './NodeInfo';

/** The dialog the structure screen has open: create, rename, copy or move a node, create or rename a group. */
export type DialogState =
  | { mode: 'create'; kind: EpsKind; parentId: string | null; groupId: string | null }
  | { mode: 'rename'; node: EpsNode }
  | { mode: 'copy'; node: EpsNode }
  | { mode: 'move'; node: EpsNode }
  | { mode: 'group'; projectId: string; group: ScheduleGroup | null }
  | null;

const nameForm = z.object({ name: requiredText, code: z.string().trim().max(32).optional() });

interface Props {
  state: NonNullable<DialogState>;
  nodes: EpsNode[];
  groups: ScheduleGroup[];
  onClose: () => void;
  /** Done: the structure is read again and `selectId`, when given, selected. */
  onDone: (selectId?: string) => void;
}

/** The structure screen's dialogs: moving a node, or naming one (create, rename, copy, group). */
export function EpsDialog(props: Props) {
  const { state } = props;
  return state.mode === 'move' ? (
    <EpsMoveDialog {...props} node={state.node} />
  ) : (
    <EpsNameDialog {...props} state={state} />
  );
}

/** Moves a node under another parent (a schedule also into one of that project's groups). */
function EpsMoveDialog({ node: moveNode, nodes, groups, onClose, onDone }: Props & { node: EpsNode }) {
  const t = useT();
  const { spaceId } = useSpace();
  const move = trpc.eps.move.useMutation();
  const moveToGroup = trpc.scheduleGroups.moveSchedule.useMutation();
  const parents = nodes.filter(
    (n) => EPS_PARENT_KINDS[moveNode.kind].includes(n.kind) && n.id !== moveNode.id,
  );
  const [parentId, setParentId] = useState<string>(moveNode.parentId ?? '');
  const [groupId, setGroupId] = useState<string>(
    groups.find((g) => g.scheduleIds.includes(moveNode.id))?.id ?? '',
  );
  const rootAllowed = EPS_PARENT_KINDS[moveNode.kind].includes(null);
  const projectGroups = groups.filter((g) => g.projectId === parentId);
  const submit = () => {
    const parent = parentId || null;
    const siblings = nodes.filter((n) => n.parentId === parent && n.id !== moveNode.id);
    move.mutate(
      {
        spaceId,
        nodeId: moveNode.id,
        parentId: parent,
        afterId: siblings.at(-1)?.id ?? null,
        revision: moveNode.revision,
      },
      {
        onSuccess: () => {
          if (moveNode.kind === 'schedule' && parent)
            moveToGroup.mutate(
              { spaceId, scheduleId: moveNode.id, groupId: groupId || null },
              { onSuccess: () => onDone(moveNode.id) },
            );
          else onDone(moveNode.id);
        },
      },
    );
  };
  return (
    <FormDialog
      title={t('eps.move_title', { name: moveNode.name })}
      busy={move.isPending || moveToGroup.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label={t('eps.parent')}
        value={parentId}
        onChange={(v) => {
          setParentId(v);
          setGroupId('');
        }}
        options={[
          ...(rootAllowed ? [{ value: '', label: t('eps.root') }] : []),
          ...parents.map((p) => ({ value: p.id, label: `${t(`eps.kind.${p.kind}`)}: ${p.name}` })),
        ]}
      />
      {moveNode.kind === 'schedule' && (
        <SelectField
          label={t('eps.kind.group')}
          value={groupId}
          onChange={setGroupId}
          options={namedOptions(projectGroups, t('eps.no_group'))}
        />
      )}
    </FormDialog>
  );
}

/** Names a node or a group: a new one (a schedule possibly into a group), a renamed one, or a copy. */
function EpsNameDialog({
  state,
  onClose,
  onDone,
}: Props & { state: Exclude<NonNullable<DialogState>, { mode: 'move' }> }) {
  const t = useT();
  const { spaceId } = useSpace();
  const initialName =
    state.mode === 'rename'
      ? state.node.name
      : state.mode === 'copy'
        ? t('eps.copy_name', { name: state.node.name })
        : state.mode === 'group'
          ? (state.group?.name ?? '')
          : '';
  const form = useForm(nameForm, {
    name: initialName,
    code: state.mode === 'rename' ? (state.node.code ?? '') : '',
  });
  const create = trpc.eps.create.useMutation(form.showsIssues);
  // A new schedule may start from a version template of the space.
  const newSchedule = state.mode === 'create' && state.kind === 'schedule';
  const templates = trpc.versionTemplates.list.useQuery({ spaceId }, { enabled: newSchedule });
  const [templateId, setTemplateId] = useState('');
  const template = templates.data?.find((x) => x.id === templateId);
  const update = trpc.eps.update.useMutation(form.showsIssues);
  const copy = trpc.eps.copy.useMutation(form.showsIssues);
  const createGroup = trpc.scheduleGroups.create.useMutation(form.showsIssues);
  const updateGroup = trpc.scheduleGroups.update.useMutation(form.showsIssues);
  const moveToGroup = trpc.scheduleGroups.moveSchedule.useMutation();
  const busy = [create, update, copy, createGroup, updateGroup, moveToGroup].some((m) => m.isPending);

  const title =
    state.mode === 'create'
      ? t('eps.create_title', { kind: t(`eps.kind.${state.kind}`) })
      : state.mode === 'rename'
        ? t('eps.rename_title')
        : state.mode === 'copy'
          ? t('eps.copy_title')
          : state.group
            ? t('eps.rename_title')
            : t('eps.create_title', { kind: t('eps.kind.group') });

  const submit = form.handleSubmit((values) => {
    const code = values.code || undefined;
    switch (state.mode) {
      case 'create':
        create.mutate(
          {
            spaceId,
            kind: state.kind,
            parentId: state.parentId,
            name: values.name,
            code,
            templateId: newSchedule && templateId ? templateId : undefined,
          },
          {
            onSuccess: (created) => {
              if (state.groupId)
                moveToGroup.mutate(
                  { spaceId, scheduleId: created.id, groupId: state.groupId },
                  { onSuccess: () => onDone(created.id) },
                );
              else onDone(created.id);
            },
          },
        );
        return;
      case 'rename':
        update.mutate(
          { spaceId, nodeId: state.node.id, name: values.name, code, revision: state.node.revision },
          { onSuccess: () => onDone() },
        );
        return;
      case 'copy':
        copy.mutate(
          { spaceId, nodeId: state.node.id, name: values.name },
          { onSuccess: (c) => onDone(c.id) },
        );
        return;
      case 'group':
        if (state.group)
          updateGroup.mutate(
            { spaceId, groupId: state.group.id, name: values.name, revision: state.group.revision },
            { onSuccess: () => onDone() },
          );
        else
          createGroup.mutate(
            { spaceId, projectId: state.projectId, name: values.name },
            { onSuccess: () => onDone() },
          );
    }
  });
  return (
    <FormDialog title={title} busy={busy} onSubmit={submit} onClose={onClose} testId="eps-dialog">
      <TextField label={t('eps.name')} {...form.field('name')} autoComplete="off" />
      {(state.mode === 'create' || state.mode === 'rename') && (
        <TextField label={t('eps.code')} {...form.field('code')} autoComplete="off" />
      )}
      {newSchedule && (templates.data?.length ?? 0) > 0 && (
        <>
          <SelectField
            label={t('templates.from_template')}
            value={templateId}
            onChange={setTemplateId}
            options={namedOptions(templates.data ?? [], t('templates.none'))}
            data-testid="schedule-template"
          />
          {template && (
            <p className="field-hint" data-testid="template-holds">
              {t('templates.holds', {
                calendars: template.calendars.join(', ') || t('templates.nothing'),
                attributes: template.attributes.join(', ') || t('templates.nothing'),
                works: template.workCount,
              })}
            </p>
          )}
        </>
      )}
    </FormDialog>
  );
}
