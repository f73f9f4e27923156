import { useState } from 'react';
import { confirmed } from '../../components/confirm';
import { Badge, Button, Empty, namedOptions, SelectField, Spinner, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { type ScheduleModel, textOf } from '../../lib/columnar';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { formatTimestamp } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import './replacements.css';

type Replacement = RouterOutputs['replacements']['list'][number];

/**
 * The schedule's replacements (docs/product-rules.md, "Replacements"): the list with each one's replaced
 * row, donor, author and state; a new one for the active row of the grid from a version of another
 * schedule; re-apply (from the donor as it is now, or from another of its versions), undo, remove.
 */
export function ReplacementsPanel({
  scheduleId,
  versionId,
  model,
  activeRow,
  readOnly,
  onChanged,
}: {
  scheduleId: string;
  versionId: string;
  model: ScheduleModel;
  activeRow: number | undefined;
  readOnly: boolean;
  onChanged: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const list = trpc.replacements.list.useQuery({ spaceId, scheduleId });
  const changed = (state: 'applied' | 'undone') => {
    void utils.replacements.list.invalidate({ spaceId, scheduleId });
    notify('success', [t(`replacements.done.${state}`)]);
    onChanged();
  };
  const items = list.data ?? [];
  return (
    <div className="replacements-panel" data-testid="replacements-panel">
      <div className="panel-row">
        <h2 className="panel-heading">{t('replacements.title')}</h2>
      </div>
      <p className="muted replacements-hint">{t('replacements.hint')}</p>
      {list.isLoading ? (
        <Spinner />
      ) : items.length === 0 ? (
        <Empty>{t('replacements.empty')}</Empty>
      ) : (
        <ul className="replacements-list stack-list" data-testid="replacements-list">
          {items.map((item) => (
            <ReplacementItem
              key={item.id}
              item={item}
              scheduleId={scheduleId}
              current={item.versionId === versionId}
              readOnly={readOnly}
              onChanged={changed}
            />
          ))}
        </ul>
      )}
      {!readOnly && (
        <NewReplacement
          scheduleId={scheduleId}
          versionId={versionId}
          model={model}
          activeRow={activeRow}
          onCreated={() => changed('applied')}
        />
      )}
    </div>
  );
}

/** The schedules of the space but this one, and the chosen one's versions. */
function useDonorChoice(scheduleId: string, initial = { scheduleId: '', versionId: '' }) {
  const { spaceId } = useSpace();
  const eps = trpc.eps.list.useQuery({ spaceId });
  const schedules = (eps.data ?? []).filter((n) => n.kind === 'schedule' && n.id !== scheduleId);
  const [donorSchedule, setDonorSchedule] = useState(initial.scheduleId);
  const chosenSchedule = donorSchedule || schedules[0]?.id || '';
  const versions = trpc.versions.list.useQuery(
    { spaceId, scheduleId: chosenSchedule },
    { enabled: !!chosenSchedule },
  );
  const [donorVersion, setDonorVersion] = useState(initial.versionId);
  const versionList = versions.data ?? [];
  const actual = versionList.find((v) => v.actual) ?? versionList.at(-1);
  const chosenVersion = versionList.some((v) => v.id === donorVersion) ? donorVersion : (actual?.id ?? '');
  return {
    schedules,
    loading: eps.isLoading,
    chosenSchedule,
    setDonorSchedule: (id: string) => {
      setDonorSchedule(id);
      setDonorVersion('');
    },
    versionList,
    chosenVersion,
    setDonorVersion,
  };
}

function DonorFields({ donor }: { donor: ReturnType<typeof useDonorChoice> }) {
  const t = useT();
  return (
    <>
      <SelectField
        label={t('replacements.donor_schedule')}
        value={donor.chosenSchedule}
        onChange={donor.setDonorSchedule}
        options={namedOptions(donor.schedules)}
        data-testid="replacement-donor-schedule"
      />
      <SelectField
        label={t('replacements.donor_version')}
        value={donor.chosenVersion}
        onChange={donor.setDonorVersion}
        options={namedOptions(donor.versionList)}
        data-testid="replacement-donor-version"
      />
    </>
  );
}

function NewReplacement({
  scheduleId,
  versionId,
  model,
  activeRow,
  onCreated,
}: {
  scheduleId: string;
  versionId: string;
  model: ScheduleModel;
  activeRow: number | undefined;
  onCreated: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const donor = useDonorChoice(scheduleId);
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const create = trpc.replacements.create.useMutation({
    onSuccess: () => {
      setName('');
      setComment('');
      onCreated();
    },
  });
  const workId = activeRow === undefined ? undefined : model.ids[activeRow];
  const rowLabel =
    activeRow === undefined
      ? null
      : `${textOf(model, model.code[activeRow]!)} ${textOf(model, model.name[activeRow]!)}`.trim();
  if (donor.loading) return <Spinner />;
  if (donor.schedules.length === 0) return <p className="muted">{t('replacements.no_schedules')}</p>;
  return (
    <form
      className="replacement-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!workId || !donor.chosenVersion) return;
        create.mutate({
          spaceId,
          scheduleId,
          versionId,
          workId,
          donorVersionId: donor.chosenVersion,
          ...(name.trim() ? { name } : {}),
          ...(comment.trim() ? { comment } : {}),
        });
      }}
    >
      <h3 className="panel-title">{t('replacements.new')}</h3>
      <div className="replacement-node" data-testid="replacement-node">
        <span className="muted">{t('replacements.node')}: </span>
        {rowLabel ?? <em className="muted">{t('replacements.node_pick')}</em>}
      </div>
      <DonorFields donor={donor} />
      <TextField
        label={t('replacements.name')}
        value={name}
        onChange={setName}
        hint={t('replacements.name_hint')}
      />
      <TextField label={t('replacements.comment')} value={comment} onChange={setComment} />
      <Button
        type="submit"
        variant="primary"
        disabled={!workId || !donor.chosenVersion}
        busy={create.isPending}
        data-testid="replacement-create"
      >
        {t('replacements.create')}
      </Button>
    </form>
  );
}

function ReplacementItem({
  item,
  scheduleId,
  current,
  readOnly,
  onChanged,
}: {
  item: Replacement;
  scheduleId: string;
  current: boolean;
  readOnly: boolean;
  onChanged: (state: 'applied' | 'undone') => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const ref = { spaceId, scheduleId, replacementId: item.id };
  const update = trpc.replacements.update.useMutation({ onSuccess: () => onChanged('applied') });
  const undo = trpc.replacements.undo.useMutation({ onSuccess: () => onChanged('undone') });
  const remove = trpc.replacements.delete.useMutation({ onSuccess: () => onChanged('undone') });
  const [changing, setChanging] = useState(false);
  const busy = update.isPending || undo.isPending || remove.isPending;
  const editable = current && !readOnly;
  const onRemove = async () => {
    if (
      await confirmed({
        title: t('replacements.remove_title', { name: item.name }),
        text: t('replacements.remove_text'),
        danger: true,
      })
    )
      remove.mutate(ref);
  };
  return (
    <li className="replacement-item" data-testid="replacement-item" data-state={item.state}>
      <div className="panel-row">
        <strong className="replacement-name">{item.name}</strong>
        <Badge tone={item.state === 'applied' ? 'accent' : 'neutral'}>
          <span data-testid="replacement-state">{t(`replacements.state.${item.state}`)}</span>
        </Badge>
      </div>
      <div className="replacement-line">
        ⇄ {t('replacements.replaced', { code: item.workCode ?? '', name: item.workName })}
        {!current && (
          <span className="muted"> · {t('replacements.other_version', { version: item.versionName })}</span>
        )}
      </div>
      <div className="replacement-line muted">
        {item.donorVersionId
          ? t('replacements.donor', {
              schedule: item.donorScheduleName ?? '',
              version: item.donorVersionName ?? '',
            })
          : t('replacements.donor_gone')}
        {item.state === 'applied' && ` · ${t('replacements.works', { count: item.works })}`}
      </div>
      {item.comment && <div className="replacement-line">{item.comment}</div>}
      <div className="replacement-line muted">
        {t('replacements.created', { who: item.createdBy ?? '—', when: formatTimestamp(item.createdAt) })}
        {item.state === 'applied' &&
          item.appliedAt &&
          `, ${t('replacements.applied_at', { when: formatTimestamp(item.appliedAt) })}`}
        {item.state === 'undone' &&
          item.undoneAt &&
          `, ${t('replacements.undone_at', { when: formatTimestamp(item.undoneAt) })}`}
      </div>
      {editable && (
        <div className="panel-row replacement-actions">
          <Button
            variant="secondary"
            disabled={busy || !item.donorVersionId}
            busy={update.isPending}
            title={t('replacements.reapply_hint')}
            onClick={() => update.mutate({ ...ref, reapply: true })}
            data-testid="replacement-reapply"
          >
            {t('replacements.reapply')}
          </Button>
          <Button
            variant="secondary"
            disabled={busy || item.state !== 'applied'}
            busy={undo.isPending}
            title={t('replacements.undo_hint')}
            onClick={() => undo.mutate(ref)}
            data-testid="replacement-undo"
          >
            {t('replacements.undo')}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => setChanging(!changing)}>
            {t('replacements.change_donor')}
          </Button>
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => void onRemove()}
            data-testid="replacement-remove"
          >
            {t('replacements.remove')}
          </Button>
        </div>
      )}
      {editable && changing && (
        <ChangeDonor
          scheduleId={scheduleId}
          donor={{ scheduleId: item.donorScheduleId ?? '', versionId: item.donorVersionId ?? '' }}
          busy={update.isPending}
          onApply={(donorVersionId) =>
            update.mutate({ ...ref, donorVersionId, reapply: true }, { onSuccess: () => setChanging(false) })
          }
        />
      )}
    </li>
  );
}

function ChangeDonor({
  scheduleId,
  donor: initial,
  busy,
  onApply,
}: {
  scheduleId: string;
  donor: { scheduleId: string; versionId: string };
  busy: boolean;
  onApply: (donorVersionId: string) => void;
}) {
  const t = useT();
  const donor = useDonorChoice(scheduleId, initial);
  return (
    <div className="replacement-form">
      <DonorFields donor={donor} />
      <Button
        variant="primary"
        disabled={!donor.chosenVersion}
        busy={busy}
        onClick={() => onApply(donor.chosenVersion)}
      >
        {t('replacements.reapply')}
      </Button>
    </div>
  );
}
