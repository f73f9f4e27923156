import { useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { Button, Card } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { describeFailure } from '../../lib/errors';
import { type FieldErrors, serverFieldErrors } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { api, trpc } from '../../lib/trpc';
import { PeriodsTable } from './PeriodsTable';
import { ResourceFields } from './ResourceFields';
import { draftOf, type Resource, type ResourceDraft, resourceOf } from './resource-form';

export type { Resource } from './resource-form';

/** The editor of one resource (or a new one): its fields and its availability periods. */
export function ResourceEditor({
  resource,
  editable,
  calendars,
  specialties,
  onSaved,
  onDeleted,
  onClose,
}: {
  resource: Resource | null;
  editable: boolean;
  calendars: readonly { id: string; name: string }[];
  specialties: readonly { id: string; name: string }[];
  onSaved: (id: string) => void;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState(() => draftOf(resource));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<ResourceDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = async () => {
    const checked = resourceOf(draft);
    if (checked.errors) return setErrors(checked.errors);
    const { fields } = checked;
    setBusy(true);
    try {
      const saved = resource
        ? await api.resources.update.mutate(
            { spaceId, resourceId: resource.id, revision: resource.revision, ...fields },
            { context: { showsIssues: true } },
          )
        : await api.resources.create.mutate({ spaceId, ...fields }, { context: { showsIssues: true } });
      await utils.resources.list.invalidate();
      notify('success', [t('common.saved')]);
      onSaved(saved.id);
    } catch (error) {
      const failure = describeFailure(error, null);
      if (failure.issues.length) setErrors(serverFieldErrors(failure.issues));
      if (failure.code === 'Conflict') await utils.resources.list.invalidate();
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!resource) return;
    if (!(await confirmedDelete(t('resources.delete_title', { name: resource.name })))) return;
    try {
      await api.resources.delete.mutate({ spaceId, resourceId: resource.id });
      await utils.resources.list.invalidate();
      onDeleted();
    } catch {
      // The failure (e.g. ResourceInUse) is already shown by the client's error handling.
    }
  };

  return (
    <Card
      className="resource-editor"
      title={resource ? resource.name : t('resources.new')}
      actions={
        <Button variant="ghost" onClick={onClose} aria-label={t('common.close')}>
          ×
        </Button>
      }
    >
      <form
        className="resource-form"
        data-testid="resource-editor"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <ResourceFields
          draft={draft}
          onChange={change}
          errors={errors}
          editable={editable}
          calendars={calendars}
          specialties={specialties}
        />
        <PeriodsTable
          periods={draft.periods}
          onChange={(periods) => change({ periods })}
          editable={editable}
          error={errors.periods}
        />
        <footer className="resource-actions">
          {resource && (
            <Button
              variant="danger"
              disabled={!editable}
              onClick={() => void remove()}
              data-testid="resource-delete"
            >
              {t('common.delete')}
            </Button>
          )}
          <span className="schedule-toolbar-gap" />
          <Button
            type="submit"
            variant="primary"
            busy={busy}
            disabled={!editable}
            data-testid="resource-save"
          >
            {t('common.save')}
          </Button>
        </footer>
      </form>
    </Card>
  );
}
