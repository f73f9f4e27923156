import { useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { Button, CrossButton, Empty, TextField } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { BimRuleFields } from './BimRuleFields';
import { newRuleDraft, type RuleDraft, ruleOf } from './bim-rule';

/**
 * Linking by rule (capabilities "by rules"): elements of a storey and IFC class, or with a property value,
 * are linked to the works at a WBS path (with placeholders) or with an attribute value. Check shows how
 * many links the rule would make; the rule can be applied once or saved for the schedule.
 */
export function BimRulesDialog({
  spaceId,
  scheduleId,
  versionId,
  modelId,
  editable,
  profiles,
  onApplied,
  onClose,
}: {
  spaceId: string;
  scheduleId: string;
  versionId: string;
  modelId: string | null;
  editable: boolean;
  profiles: { id: string; name: string }[];
  onApplied: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const utils = trpc.useUtils();
  const keys = trpc.bim.models.attributes.useQuery(
    { spaceId, modelId: modelId ?? '' },
    { enabled: !!modelId },
  );
  const attributes = trpc.attributes.list.useQuery({ spaceId, scheduleId });
  const [draft, setDraft] = useState(() => newRuleDraft(profiles[0]?.id ?? ''));
  const [name, setName] = useState('');
  const [replace, setReplace] = useState(false);
  const [preview, setPreview] = useState<{ elements: number; links: number } | null>(null);
  const apply = trpc.bim.links.applyRules.useMutation({
    onSuccess: (result, input) => {
      if (input.dryRun) {
        setPreview({ elements: result.elements, links: result.proposed });
        return;
      }
      notify('success', [t('bim.rules.applied', { created: result.created, removed: result.removed })]);
      onApplied();
    },
  });
  const create = trpc.bim.rules.create.useMutation({
    onSuccess: () => void utils.bim.rules.list.invalidate(),
  });

  return (
    <FormDialog
      title={t('bim.rules.title')}
      wide
      submitLabel={t('bim.rules.apply')}
      busy={apply.isPending}
      onSubmit={
        editable ? () => apply.mutate({ spaceId, versionId, rules: [ruleOf(draft)], replace }) : undefined
      }
      onClose={onClose}
      testId="bim-rules-dialog"
    >
      <BimRuleFields
        draft={draft}
        onChange={(patch: Partial<RuleDraft>) => setDraft((d) => ({ ...d, ...patch }))}
        keys={keys.data}
        attributes={attributes.data ?? []}
        profiles={profiles}
        replace={replace}
        onReplace={setReplace}
      />
      <div className="bim-rule-actions">
        <Button
          onClick={() => apply.mutate({ spaceId, versionId, rules: [ruleOf(draft)], dryRun: true })}
          busy={apply.isPending}
          data-testid="bim-rule-check"
        >
          {t('bim.rules.preview')}
        </Button>
        {preview && (
          <output data-testid="bim-rule-preview">
            {t('bim.rules.preview_result', { elements: preview.elements, links: preview.links })}
          </output>
        )}
      </div>
      {editable && (
        <div className="bim-rule-actions">
          <TextField label={t('bim.rules.name')} value={name} onChange={setName} maxLength={32} />
          <Button
            disabled={!name.trim()}
            busy={create.isPending}
            onClick={() => create.mutate({ spaceId, scheduleId, name: name.trim(), rule: ruleOf(draft) })}
          >
            {t('bim.rules.save')}
          </Button>
        </div>
      )}
      <SavedRules
        spaceId={spaceId}
        scheduleId={scheduleId}
        editable={editable}
        applying={apply.isPending}
        onApply={() => apply.mutate({ spaceId, versionId, replace })}
      />
    </FormDialog>
  );
}

/** The rules saved for the schedule, each deletable, and applying them all at once. */
function SavedRules({
  spaceId,
  scheduleId,
  editable,
  applying,
  onApply,
}: {
  spaceId: string;
  scheduleId: string;
  editable: boolean;
  applying: boolean;
  onApply: () => void;
}) {
  const t = useT();
  const utils = trpc.useUtils();
  const saved = trpc.bim.rules.list.useQuery({ spaceId, scheduleId });
  const remove = trpc.bim.rules.delete.useMutation({
    onSuccess: () => void utils.bim.rules.list.invalidate(),
  });
  return (
    <>
      <h3 className="bim-side-title">{t('bim.rules.saved')}</h3>
      {saved.data?.length ? (
        <ul className="bim-list stack-list">
          {saved.data.map((r) => (
            <li key={r.id} className="bim-list-row">
              <span className="bim-grow">{r.name}</span>
              <span className="bim-muted">
                {r.rule.target.kind === 'wbs' ? r.rule.target.path.join(' / ') : r.rule.target.value}
              </span>
              {editable && (
                <CrossButton
                  label={t('bim.rules.delete', { name: r.name })}
                  onClick={() => remove.mutate({ spaceId, ruleId: r.id })}
                />
              )}
            </li>
          ))}
        </ul>
      ) : (
        <Empty>{t('bim.rules.none')}</Empty>
      )}
      {editable && !!saved.data?.length && (
        <Button onClick={onApply} busy={applying} data-testid="bim-rules-apply-saved">
          {t('bim.rules.apply_saved')}
        </Button>
      )}
    </>
  );
}
