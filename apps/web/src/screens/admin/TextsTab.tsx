import { useLingui } from '@lingui/react';
import { LANGUAGES, type Language, LICENCE_LIMITS } from '@takt/contracts';
import { isLanguage } from '@takt/i18n';
import { useMemo, useState } from 'react';
import { PlainTable } from '../../components/table';
import { Button, Card, Checkbox, SelectField, Spinner, TextArea, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { FieldError } from '../../lib/form';
import { type Translate, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';

/** Rows shown at once; a narrower search shows the others. */
const SHOWN = 100;

const LANGUAGE_LABEL: Record<Language, string> = { ru: 'Русский', en: 'English', fr: 'Français' };

/**
 * The space's own wording of interface texts (API localization): find a text by its id or its words,
 * change it, or take the change back. The change reaches every member at once.
 */
export function TextsTab() {
  const t = useT();
  const { spaceId } = useSpace();
  const { i18n } = useLingui();
  const [lang, setLang] = useState<Language>(isLanguage(i18n.locale) ? i18n.locale : 'ru');
  const [search, setSearch] = useState('');
  const [onlyChanged, setOnlyChanged] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const set = trpc.localization.set.useQuery({ spaceId, lang });

  const texts = set.data?.texts;
  const found = useMemo(() => {
    if (!texts) return [];
    const words = search.trim().toLowerCase();
    return texts.filter(
      (x) =>
        (!onlyChanged || x.override !== null) &&
        (!words ||
          x.id.toLowerCase().includes(words) ||
          x.text.toLowerCase().includes(words) ||
          (x.override?.toLowerCase().includes(words) ?? false)),
    );
  }, [texts, search, onlyChanged]);
  const overridden = texts?.filter((x) => x.override !== null).length ?? 0;

  return (
    <Card title={t('localization.title')} description={t('localization.hint')}>
      <div className="form-grid" data-testid="texts-filters">
        <SelectField
          label={t('localization.language')}
          value={lang}
          onChange={(v) => {
            if (isLanguage(v)) setLang(v);
            setEditing(null);
          }}
          options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABEL[l] }))}
        />
        <TextField
          label={t('localization.search')}
          value={search}
          onChange={setSearch}
          type="search"
          data-testid="texts-search"
        />
      </div>
      <Checkbox label={t('localization.only_overridden')} checked={onlyChanged} onChange={setOnlyChanged} />
      {!texts ? (
        <Spinner />
      ) : (
        <>
          <p className="muted" data-testid="texts-count">
            {t('localization.count', {
              shown: Math.min(found.length, SHOWN),
              total: texts.length,
              overridden,
            })}
          </p>
          <PlainTable
            testId="texts"
            heads={[
              t('localization.column.id'),
              t('localization.column.standard'),
              t('localization.column.override'),
              { label: t('common.actions'), className: 'cell-actions' },
            ]}
          >
            {found
              .slice(0, SHOWN)
              .map((x) =>
                editing === x.id ? (
                  <EditRow key={x.id} lang={lang} row={x} onDone={() => setEditing(null)} />
                ) : (
                  <TextRow key={x.id} lang={lang} row={x} t={t} onEdit={() => setEditing(x.id)} />
                ),
              )}
          </PlainTable>
          {found.length > SHOWN && <p className="muted">{t('localization.more')}</p>}
        </>
      )}
    </Card>
  );
}

type Row = { id: string; text: string; override: string | null };

function TextRow({ lang, row, t, onEdit }: { lang: Language; row: Row; t: Translate; onEdit: () => void }) {
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const reset = trpc.localization.reset.useMutation({
    onSuccess: () => {
      void utils.localization.set.invalidate({ spaceId, lang });
      void utils.localization.overrides.invalidate({ spaceId });
      notify('success', [t('localization.reset_done')]);
    },
  });
  return (
    <tr data-testid={`text-${row.id}`}>
      <td>
        <code>{row.id}</code>
      </td>
      <td>{row.text}</td>
      <td>{row.override ?? '—'}</td>
      <td className="cell-actions">
        <Button variant="ghost" onClick={onEdit}>
          {t('localization.edit')}
        </Button>
        {row.override !== null && (
          <Button
            variant="ghost"
            busy={reset.isPending}
            onClick={() => reset.mutate({ spaceId, lang, messageId: row.id })}
          >
            {t('localization.reset')}
          </Button>
        )}
      </td>
    </tr>
  );
}

function EditRow({ lang, row, onDone }: { lang: Language; row: Row; onDone: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const [text, setText] = useState(row.override ?? row.text);
  const [error, setError] = useState<FieldError | undefined>();
  const save = trpc.localization.override.useMutation({
    trpc: { context: { showsIssues: true } },
    onSuccess: () => {
      void utils.localization.set.invalidate({ spaceId, lang });
      void utils.localization.overrides.invalidate({ spaceId });
      notify('success', [t('localization.saved')]);
      onDone();
    },
    onError: (e) => {
      // the text's own problem is shown at the field; anything else was told by the error handler
      const issue = (e.data as { issues?: FieldError[] } | undefined)?.issues?.[0];
      if (issue) setError({ message: issue.message, params: { max: LICENCE_LIMITS.overrideMaxLength } });
    },
  });
  return (
    <tr data-testid={`text-${row.id}`} className="row-editing">
      <td>
        <code>{row.id}</code>
      </td>
      <td>{row.text}</td>
      <td>
        <TextArea
          label={t('localization.column.override')}
          rows={2}
          value={text}
          onChange={setText}
          error={error}
          data-testid="text-override"
          autoFocus
        />
      </td>
      <td className="cell-actions">
        <Button
          variant="primary"
          busy={save.isPending}
          disabled={!text.trim()}
          onClick={() => save.mutate({ spaceId, lang, messageId: row.id, text })}
        >
          {t('common.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </td>
    </tr>
  );
}
