import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { confirmedDelete } from '../../components/confirm';
import { Badge, Empty, Loaded, PageHeader } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { asGroups } from '../../lib/schedule-types';
import { withMember } from '../../lib/sets';
import { trpc } from '../../lib/trpc';
import { setFormVisible, useFormFlag } from '../../state/app-state';
import { roleName } from '../admin/role-name';
import { UploadDialog } from '../import/UploadDialog';
import { type DialogState, EpsDialog } from './EpsDialog';
import { EpsToolbar } from './EpsToolbar';
import { EpsTree } from './EpsTree';
import { childrenByParent } from './eps-tree';
import { NodeInfo } from './NodeInfo';
import './structure.css';

/** The space home: the EPS tree (facility → project → schedule, schedule groups) and node info. */
export function StructurePage() {
  const t = useT();
  const { spaceId, config } = useSpace();
  const utils = trpc.useUtils();
  const eps = trpc.eps.list.useQuery({ spaceId });
  const groupsQuery = trpc.scheduleGroups.list.useQuery({ spaceId });
  const groupList = asGroups(groupsQuery.data);
  const [selected, setSelected] = useState<string | null>(null);
  const [selectedGroup, setSelectedGroup] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<DialogState>(null);
  const [uploadTo, setUploadTo] = useState<string | null>(null);
  // the version upload and the node creation open and close through their app-level flags
  const [uploadOpen, setUploadOpen] = useFormFlag('versionUpload');
  const [createOpen, setCreateOpen] = useFormFlag('createNode');
  useEffect(
    () => () => {
      setFormVisible('versionUpload', false);
      setFormVisible('createNode', false);
    },
    [],
  );
  const openDialog = (state: DialogState) => {
    setDialog(state);
    setCreateOpen(state?.mode === 'create');
  };
  const closeDialog = () => openDialog(null);
  const openUpload = (scheduleId: string | null) => {
    setUploadTo(scheduleId);
    setUploadOpen(scheduleId !== null);
  };
  const [, navigate] = useLocation();

  const nodes = eps.data ?? [];
  const byId = useMemo(() => new Map(nodes.map((n) => [n.id, n])), [nodes]);
  const childrenOf = useMemo(() => childrenByParent(nodes), [nodes]);
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
  const toggle = (id: string) => setCollapsed((c) => withMember(c, id));

  const onDelete = async () => {
    if (group) {
      if (
        await confirmedDelete(t('eps.delete_group_title'), t('eps.delete_group_text', { name: group.name }))
      )
        removeGroup.mutate({ spaceId, groupId: group.id });
      return;
    }
    if (!node) return;
    if (await confirmedDelete(t('eps.delete_title', { name: node.name }), t('eps.delete_text')))
      remove.mutate({ spaceId, nodeId: node.id, confirm: true }, { onSuccess: () => setSelected(null) });
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
          <EpsToolbar
            node={node}
            group={group}
            onDialog={openDialog}
            onDelete={() => void onDelete()}
            onUpload={openUpload}
          />
          <Loaded loading={eps.isLoading} empty={nodes.length === 0 && t('eps.empty')}>
            <EpsTree
              label={t('eps.title')}
              tree={{
                childrenOf,
                byId,
                groups: groupList,
                collapsed,
                selected,
                selectedGroup,
                onToggle: toggle,
                onSelect: select,
                onSelectGroup: (groupId, projectId) => {
                  setSelectedGroup(groupId);
                  if (projectId) setSelected(projectId);
                },
              }}
            />
          </Loaded>
        </section>
        <section className="card node-info-panel">
          {node ? (
            <NodeInfo
              node={node}
              onSelect={(id) => {
                refresh();
                select(id);
              }}
            />
          ) : (
            <Empty>{t('eps.select_hint')}</Empty>
          )}
        </section>
      </div>
      {uploadTo && uploadOpen && (
        <UploadDialog
          scheduleId={uploadTo}
          onClose={() => openUpload(null)}
          onOpenVersion={(versionId) => navigate(`/schedule/${uploadTo}?version=${versionId}`)}
        />
      )}
      {dialog && (dialog.mode !== 'create' || createOpen) && (
        <EpsDialog
          state={dialog}
          nodes={nodes}
          groups={groupList}
          onClose={closeDialog}
          onDone={(id) => {
            refresh();
            closeDialog();
            if (id) select(id);
          }}
        />
      )}
    </div>
  );
}
