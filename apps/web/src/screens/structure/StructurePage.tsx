import { EPS_PARENT_KINDS, type EpsKind, requiredText } from '@takt/contracts';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { z } from 'zod';
import { confirmed } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import { Badge, Button, Empty, PageHeader, SelectField, Spinner, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { asGroups, type ScheduleGroup } from '../../lib/schedule-types';
import { trpc } from '../../lib/trpc';
import { roleName } from '../admin/role-name';
import { JobsButton } from '../import/JobsList';
import { UploadDialog } from '../import/UploadDialog';
import { type EpsNode, NodeInfo } from './NodeInfo';
import './structure.css';

type Group = ScheduleGroup;

type DialogState =
  | { mode: 'create'; kind: EpsKind; parentId: string | null; groupId: string | null }
  | { mode: 'rename'; node: EpsNode }
  | { mode: 'copy'; node: EpsNode }
  | { mode: 'move'; node: EpsNode }
  | { mode: 'group'; projectId: string; group: Group | null }
  | null;

const KIND_ICON: Record<EpsKind, string> = { facility: '▣', project: '◧', schedule: '▤' };
const nameForm = z.object({ name: requiredText, code: z.string().trim().max(32).optional() });

/** The space home: the EPS tree (facility → project → schedule, schedule groups) and node info. */
export function StructurePage() {
  const t = useT();
  const { spaceId, config, can } = useSpace();
  const utils = trpc.useUtils();
  const eps = trpc.eps.list.useQuery({ spaceId });
  const groupsQuery = trpc.scheduleGroups.list.useQuery({ spaceId });
  const groupList = asGroups(groupsQuery.data);
  const [selected, setSelected] = useState<string | null>(null);
  const [selectedGroup, setSelectedGroup] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<DialogState>(null);
  const [uploadTo, setUploadTo] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const editable = can('structure.edit');

  const nodes = eps.data ?? [];
  const byId = useMemo(() => new Map(nodes.map((n) => [n.id, n])), [nodes]);
  const childrenOf = useMemo(() => {
    const map = new Map<string | null, EpsNode[]>();
    for (const n of nodes) map.set(n.parentId, [...(map.get(n.parentId) ?? []), n]);
    return map;
  }, [nodes]);
  const node = selected ? (byId.get(selected) ?? null) : null;
  const group = selectedGroup ? (groupList.find((g) => g.id === selectedGroup) ?? null) : null;

  const refresh = () => {
    void utils.eps.invalidate();
    void utils.scheduleGroups.invalidate();
  };
  const remove = trpc.eps.delete.useMutation({ onSuccess: refresh });
  const removeGroup = trpc.scheduleGroups.delete.useMutation({ onSuccess: refresh });

  const select = (id: string) => {
    setSelected(id);
    setSelectedGroup(null);
  };
  const toggle = (id: string) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onDelete = async () => {
    if (group) {
      if (
        await confirmed({
          title: t('eps.delete_group_title'),
          text: t('eps.delete_group_text', { name: group.name }),
          danger: true,
        })
      )
        removeGroup.mutate({ spaceId, groupId: group.id });
      return;
    }
    if (!node) return;
    if (
      await confirmed({
        title: t('eps.delete_title', { name: node.name }),
        text: t('eps.delete_text'),
        danger: true,
      })
    )
      remove.mutate({ spaceId, nodeId: node.id, confirm: true }, { onSuccess: () => setSelected(null) });
  };

  const createTarget = (kind: EpsKind): { parentId: string | null; groupId: string | null } | null => {
    if (group && kind === 'schedule') return { parentId: group.projectId, groupId: group.id };
    const parentKinds = EPS_PARENT_KINDS[kind];
    if (node && parentKinds.includes(node.kind)) return { parentId: node.id, groupId: null };
    if (parentKinds.includes(null)) return { parentId: null, groupId: null };
    return null;
  };

  const renderRow = (n: EpsNode, depth: number) => {
    const kids = childrenOf.get(n.id) ?? [];
    const isOpen = !collapsed.has(n.id);
    return (
      <div key={n.id} role="none">
        <div
          role="treeitem"
          aria-level={depth + 1}
          aria-selected={selected === n.id && !selectedGroup}
          aria-expanded={kids.length ? isOpen : undefined}
          tabIndex={selected === n.id ? 0 : -1}
          className={`eps-row eps-${n.kind}${selected === n.id && !selectedGroup ? ' eps-row-selected' : ''}`}
          style={{ paddingLeft: 8 + depth * 18 }}
          onClick={() => select(n.id)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              select(n.id);
            }
          }}
          data-testid={`eps-node-${n.name}`}
        >
          <button
            type="button"
            className="eps-toggle"
            aria-label={isOpen ? t('eps.collapse') : t('eps.expand')}
            tabIndex={-1}
            style={{ visibility: kids.length ? 'visible' : 'hidden' }}
            onClick={(e) => {
              e.stopPropagation();
              toggle(n.id);
            }}
          >
            {isOpen ? '▾' : '▸'}
          </button>
          <span className="eps-kind" aria-hidden="true">
            {KIND_ICON[n.kind]}
          </span>
          <span className="eps-name">{n.name}</span>
          {n.code && <span className="eps-code">{n.code}</span>}
          <span className="eps-kind-label">{t(`eps.kind.${n.kind}`)}</span>
          {n.kind === 'schedule' && (
            <Link
              href={`/schedule/${n.id}`}
              className="eps-open"
              onClick={(e) => e.stopPropagation()}
              data-testid={`open-schedule-${n.name}`}
            >
              {t('common.open')}
            </Link>
          )}
        </div>
        {kids.length > 0 && isOpen && (
          // biome-ignore lint/a11y/useSemanticElements: a group of tree items
          <div role="group" className="eps-list">
            {n.kind === 'project'
              ? renderProjectChildren(n, kids, depth + 1)
              : kids.map((k) => renderRow(k, depth + 1))}
          </div>
        )}
      </div>
    );
  };

  const renderProjectChildren = (project: EpsNode, kids: EpsNode[], depth: number) => {
    const projectGroups = groupList.filter((g) => g.projectId === project.id);
    const grouped = new Set(projectGroups.flatMap((g) => g.scheduleIds));
    return [
      ...projectGroups.map((g) => (
        <div key={g.id} role="none">
          <div
            role="treeitem"
            aria-level={depth + 1}
            aria-selected={selectedGroup === g.id}
            tabIndex={-1}
            className={`eps-row eps-group${selectedGroup === g.id ? ' eps-row-selected' : ''}`}
            style={{ paddingLeft: 8 + depth * 18 }}
            onClick={() => {
              setSelectedGroup(g.id);
              setSelected(project.id);
            }}
            onKeyDown={(e) => e.key === 'Enter' && setSelectedGroup(g.id)}
          >
            <span className="eps-toggle" />
            <span className="eps-kind" aria-hidden="true">
              ❐
            </span>
            <span className="eps-name">{g.name}</span>
            <span className="eps-kind-label">{t('eps.kind.group')}</span>
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: a group of tree items */}
          <div role="group" className="eps-list">
            {g.scheduleIds.map((id) => byId.get(id)).flatMap((s) => (s ? [renderRow(s, depth + 1)] : []))}
          </div>
        </div>
      )),
      ...kids.filter((k) => !grouped.has(k.id)).map((k) => renderRow(k, depth)),
    ];
  };

  const addButton = (kind: EpsKind) => {
    const target = createTarget(kind);
    return (
      <Button
        key={kind}
        disabled={!editable || !target}
        onClick={() => target && setDialog({ mode: 'create', kind, ...target })}
        data-testid={`add-${kind}`}
      >
        + {t(`eps.kind.${kind}`)}
      </Button>
    );
  };

  return (
    <div className="page page-wide" data-testid="structure-page">
      <PageHeader
        title={config.space.name}
        subtitle={t('structure.role', { role: roleName(t, config.role) })}
        actions={
          <Badge tone={config.space.kind === 'licensed' ? 'accent' : 'neutral'}>
            {t(`space_kind.${config.space.kind}`)}
          </Badge>
        }
      />
      <div className="structure">
        <section className="card eps-panel" aria-label={t('eps.title')}>
          <div className="eps-toolbar">
            {addButton('facility')}
            {addButton('project')}
            {addButton('schedule')}
            <Button
              disabled={!editable || node?.kind !== 'project' || !!group}
              onClick={() => node && setDialog({ mode: 'group', projectId: node.id, group: null })}
              data-testid="add-group"
            >
              + {t('eps.kind.group')}
            </Button>
          </div>
          <div className="eps-toolbar eps-toolbar-secondary">
            <Button
              variant="ghost"
              disabled={!editable || (!node && !group)}
              onClick={() =>
                group
                  ? setDialog({ mode: 'group', projectId: group.projectId, group })
                  : node && setDialog({ mode: 'rename', node })
              }
            >
              {t('eps.rename')}
            </Button>
            <Button
              variant="ghost"
              disabled={!editable || !node || !!group}
              onClick={() => node && setDialog({ mode: 'move', node })}
            >
              {t('eps.move')}
            </Button>
            <Button
              variant="ghost"
              disabled={!editable || !node || !!group}
              onClick={() => node && setDialog({ mode: 'copy', node })}
            >
              {t('eps.copy')}
            </Button>
            <Button variant="ghost" disabled={!editable || (!node && !group)} onClick={() => void onDelete()}>
              {t('common.delete')}
            </Button>
            <Button
              variant="ghost"
              disabled={!can('import') || node?.kind !== 'schedule' || !!group}
              onClick={() => node && setUploadTo(node.id)}
              data-testid="eps-upload-version"
            >
              ⇪ {t('import.upload')}
            </Button>
            <JobsButton
              scheduleId={node?.kind === 'schedule' && !group ? node.id : null}
              onOpenVersion={(scheduleId, versionId) =>
                navigate(`/schedule/${scheduleId}?version=${versionId}`)
              }
            />
          </div>
          {eps.isLoading ? (
            <Spinner />
          ) : nodes.length === 0 ? (
            <Empty>{t('eps.empty')}</Empty>
          ) : (
            <div className="eps-list eps-tree" role="tree" aria-label={t('eps.title')}>
              {(childrenOf.get(null) ?? []).map((n) => renderRow(n, 0))}
            </div>
          )}
        </section>
        <section className="card node-info-panel">
          {node ? <NodeInfo node={node} /> : <Empty>{t('eps.select_hint')}</Empty>}
        </section>
      </div>
      {uploadTo && (
        <UploadDialog
          scheduleId={uploadTo}
          onClose={() => setUploadTo(null)}
          onOpenVersion={(versionId) => navigate(`/schedule/${uploadTo}?version=${versionId}`)}
        />
      )}
      {dialog && (
        <EpsDialog
          state={dialog}
          nodes={nodes}
          groups={groupList}
          onClose={() => setDialog(null)}
          onDone={(id) => {
            refresh();
            setDialog(null);
            if (id) select(id);
          }}
        />
      )}
    </div>
  );
}

function EpsDialog({
  state,
  nodes,
  groups,
  onClose,
  onDone,
}: {
  state: NonNullable<DialogState>;
  nodes: EpsNode[];
  groups: Group[];
  onClose: () => void;
  onDone: (selectId?: string) => void;
}) {
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
  const opts = { trpc: { context: { showsIssues: true } } };
  const create = trpc.eps.create.useMutation(opts);
  const update = trpc.eps.update.useMutation(opts);
  const copy = trpc.eps.copy.useMutation(opts);
  const move = trpc.eps.move.useMutation();
  const createGroup = trpc.scheduleGroups.create.useMutation(opts);
  const updateGroup = trpc.scheduleGroups.update.useMutation(opts);
  const moveToGroup = trpc.scheduleGroups.moveSchedule.useMutation();
  const moveNode = state.mode === 'move' ? state.node : null;
  const parents = moveNode
    ? nodes.filter((n) => EPS_PARENT_KINDS[moveNode.kind].includes(n.kind) && n.id !== moveNode.id)
    : [];
  const [parentId, setParentId] = useState<string>(moveNode?.parentId ?? '');
  const [groupId, setGroupId] = useState<string>(
    moveNode ? (groups.find((g) => g.scheduleIds.includes(moveNode.id))?.id ?? '') : '',
  );
  const busy = [create, update, copy, move, createGroup, updateGroup, moveToGroup].some((m) => m.isPending);
  const fail = { onError: form.showIssuesOf };

  if (state.mode === 'move' && moveNode) {
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
        busy={busy}
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
            options={[
              { value: '', label: t('eps.no_group') },
              ...projectGroups.map((g) => ({ value: g.id, label: g.name })),
            ]}
          />
        )}
      </FormDialog>
    );
  }

  const title =
    state.mode === 'create'
      ? t('eps.create_title', { kind: t(`eps.kind.${state.kind}`) })
      : state.mode === 'rename'
        ? t('eps.rename_title')
        : state.mode === 'copy'
          ? t('eps.copy_title')
          : state.mode === 'group' && state.group
            ? t('eps.rename_title')
            : t('eps.create_title', { kind: t('eps.kind.group') });

  const submit = form.handleSubmit((values) => {
    const code = values.code || undefined;
    switch (state.mode) {
      case 'create':
        create.mutate(
          { spaceId, kind: state.kind, parentId: state.parentId, name: values.name, code },
          {
            ...fail,
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
          { ...fail, onSuccess: () => onDone() },
        );
        return;
      case 'copy':
        copy.mutate(
          { spaceId, nodeId: state.node.id, name: values.name },
          { ...fail, onSuccess: (c) => onDone(c.id) },
        );
        return;
      case 'group':
        if (state.group)
          updateGroup.mutate(
            { spaceId, groupId: state.group.id, name: values.name, revision: state.group.revision },
            { ...fail, onSuccess: () => onDone() },
          );
        else
          createGroup.mutate(
            { spaceId, projectId: state.projectId, name: values.name },
            { ...fail, onSuccess: () => onDone() },
          );
    }
  });
  return (
    <FormDialog title={title} busy={busy} onSubmit={submit} onClose={onClose} testId="eps-dialog">
      <TextField label={t('eps.name')} {...form.field('name')} autoComplete="off" />
      {(state.mode === 'create' || state.mode === 'rename') && (
        <TextField label={t('eps.code')} {...form.field('code')} autoComplete="off" />
      )}
    </FormDialog>
  );
}
