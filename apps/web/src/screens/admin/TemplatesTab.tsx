import type { DecompositionTemplate } from '@takt/contracts';
import { formatDateTime, translate } from '@takt/i18n';
import { useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { Badge, Button, Card, Empty, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { appI18n, type Translate, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { AdminTable } from './AdminTable';
import { TemplateEditor } from './TemplateEditor';
import { blankDraft, copyOf, draftOf, type TemplateDraft } from './template-draft';
import './templates.css';

/** What the editor is open on: a new template (blank or a copy), one of the space's, or one of Takt's. */
type Editing =
  | { mode: 'new'; draft: TemplateDraft }
  | { mode: 'edit'; id: string; revision: number; draft: TemplateDraft }
  | { mode: 'view'; draft: TemplateDraft };

const uiLanguage = () => (appI18n.locale === 'ru' ? 'ru' : 'en');
const inUi = (text: { ru: string; en: string }) => (uiLanguage() === 'ru' ? text.ru : text.en);

/**
 * The space's decomposition templates (docs/product-rules.md, "Schedule assistant"): Takt's listed read
 * only, to view and to copy; the space's own to create, edit, duplicate and delete, each in the editor
 * that checks it by the server's contract and tries it on a work-like sample.
 */
export function TemplatesTab() {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const own = trpc.assistant.templates.list.useQuery({ spaceId });
  const shipped = trpc.assistant.templates.builtIn.useQuery(
    { spaceId },
    { staleTime: Number.POSITIVE_INFINITY },
  );
  const [editing, setEditingState] = useState<Editing | null>(null);
  // The editor and the lists each open at their top.
  const setEditing = (next: Editing | null) => {
    setEditingState(next);
    window.scrollTo(0, 0);
  };
  const remove = trpc.assistant.templates.delete.useMutation({
    onSuccess: () => notify('success', [t('assistant.templates.deleted')]),
    onSettled: () => void utils.assistant.templates.list.invalidate({ spaceId }),
  });

  if (!own.data || !shipped.data) return <Spinner />;
  const ownKeys = own.data.map((x) => x.template.key);
  const copy = (template: DecompositionTemplate) =>
    setEditing({
      mode: 'new',
      draft: copyOf(
        template,
        {
          ru: translate('ru', 'assistant.templates.copy_mark'),
          en: translate('en', 'assistant.templates.copy_mark'),
        },
        ownKeys,
      ),
    });

  if (editing) {
    const name = inUi(editing.draft.name);
    return (
      <TemplateEditor
        key={editing.mode === 'edit' ? `${editing.id}:${editing.revision}` : editing.mode}
        title={
          editing.mode === 'new'
            ? t('assistant.templates.title.new')
            : t(
                editing.mode === 'view' ? 'assistant.templates.title.view' : 'assistant.templates.title.edit',
                {
                  name,
                },
              )
        }
        initial={editing.draft}
        saved={editing.mode === 'edit' ? { id: editing.id, revision: editing.revision } : null}
        readOnly={editing.mode === 'view'}
        onCopy={() => {
          const found = shipped.data.find((x) => x.key === editing.draft.key);
          if (found) copy(found.template);
        }}
        onSaved={() => {
          void utils.assistant.templates.list.invalidate({ spaceId });
          setEditing(null);
        }}
        onReload={async () => {
          if (editing.mode !== 'edit') return;
          const row = (await own.refetch()).data?.find((x) => x.id === editing.id);
          setEditing(
            row ? { mode: 'edit', id: row.id, revision: row.revision, draft: draftOf(row.template) } : null,
          );
        }}
        onClose={() => setEditing(null)}
      />
    );
  }

  const askDelete = async (row: (typeof own.data)[number]) => {
    const name = inUi(row.template.name);
    if (
      await confirmedDelete(
        t('assistant.templates.delete'),
        t('assistant.templates.delete_confirm', { name }),
      )
    )
      remove.mutate({ spaceId, templateId: row.id });
  };
  const heads = [
    t('assistant.templates.col.name'),
    t('assistant.templates.col.keywords'),
    t('assistant.templates.col.steps'),
    t('assistant.templates.col.volume'),
  ];

  return (
    <div className="stack" data-testid="templates-tab">
      <Card
        title={t('assistant.templates.own')}
        description={t('assistant.templates.intro')}
        actions={
          <Button
            variant="primary"
            onClick={() => setEditing({ mode: 'new', draft: blankDraft() })}
            data-testid="template-new"
          >
            + {t('assistant.templates.new')}
          </Button>
        }
      >
        {own.data.length === 0 ? (
          <Empty>{t('assistant.templates.none')}</Empty>
        ) : (
          <AdminTable
            testId="own-templates"
            heads={[...heads, t('assistant.templates.col.updated')]}
            rows={own.data}
            rowKey={(row) => row.id}
            rowTestId={(row) => `template-${row.template.key}`}
            cells={(row) => (
              <>
                <TemplateCells t={t} template={row.template} />
                <td className="template-nowrap">{formatDateTime(row.updatedAt)}</td>
              </>
            )}
            buttons={(row) => (
              <>
                <Button
                  variant="ghost"
                  onClick={() =>
                    setEditing({
                      mode: 'edit',
                      id: row.id,
                      revision: row.revision,
                      draft: draftOf(row.template),
                    })
                  }
                >
                  {t('assistant.templates.edit')}
                </Button>
                <Button variant="ghost" onClick={() => copy(row.template)}>
                  {t('assistant.templates.duplicate')}
                </Button>
              </>
            )}
            action={{
              label: t('assistant.templates.delete'),
              busy: remove.isPending,
              run: (row) => void askDelete(row),
            }}
          />
        )}
      </Card>
      <Card title={t('assistant.templates.builtin')}>
        <AdminTable
          testId="builtin-templates"
          heads={heads}
          rows={shipped.data}
          rowKey={(row) => row.key}
          rowTestId={(row) => `builtin-template-${row.key}`}
          cells={(row) => <TemplateCells t={t} template={row.template} />}
          buttons={(row) => (
            <>
              <Button
                variant="ghost"
                onClick={() => setEditing({ mode: 'view', draft: draftOf(row.template) })}
              >
                {t('assistant.templates.view')}
              </Button>
              <Button variant="ghost" onClick={() => copy(row.template)}>
                {t('assistant.templates.copy')}
              </Button>
            </>
          )}
        />
      </Card>
    </div>
  );
}

/** How many of a template's words the list shows. */
const WORDS_SHOWN = 6;

/** A template's cells of both lists: its name, the words it is matched by, its sub-works and volume rule. */
function TemplateCells({ t, template }: { t: Translate; template: DecompositionTemplate }) {
  const keywords = [
    ...template.keywords[uiLanguage()],
    ...template.keywords[uiLanguage() === 'ru' ? 'en' : 'ru'],
  ];
  return (
    <>
      <td>
        <div className="template-name">
          <strong>{inUi(template.name)}</strong>
          {template.perFloor && <Badge tone="accent">{t('assistant.templates.floor_by_floor')}</Badge>}
        </div>
        {template.description && (
          <div className="muted template-description">{inUi(template.description)}</div>
        )}
      </td>
      <td className="template-words">
        {keywords.slice(0, WORDS_SHOWN).join(', ')}
        {keywords.length > WORDS_SHOWN ? ' …' : ''}
      </td>
      <td className="template-nowrap">
        {t('assistant.templates.steps_count', { count: template.steps.length })}
      </td>
      <td className="template-nowrap">{t(`assistant.templates.volume_short.${template.volume}`)}</td>
    </>
  );
}
