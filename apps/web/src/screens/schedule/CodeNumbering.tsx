import { NUMBERING_LIMITS, saveCodeNumberingInput } from '@takt/contracts';
import { useState } from 'react';
import { Button, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { type FieldErrors, useSaving, zodFieldErrors } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { parseNumberText } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';

/**
 * The schedule's numbering of new works (P6's activity-ID prefix, start number and increment), shared by
 * its versions: shown as stored — or as read from the schedule's codes until saved — with the code the
 * next new work gets, and saved by whoever may edit the schedule.
 */
export function CodeNumbering({ scheduleId, editable }: { scheduleId: string; editable: boolean }) {
  const { spaceId } = useSpace();
  const query = trpc.works.numbering.get.useQuery({ spaceId, scheduleId });
  if (!query.data) return null;
  // Keyed by what is stored: a save (here or elsewhere) starts the form from the new numbering.
  return (
    <NumberingForm
      key={`${query.data.revision}-${query.data.nextCode}`}
      scheduleId={scheduleId}
      editable={editable}
      numbering={query.data}
    />
  );
}

function NumberingForm({
  scheduleId,
  editable,
  numbering,
}: {
  scheduleId: string;
  editable: boolean;
  numbering: { prefix: string; start: string; increment: number; nextCode: string; stored: boolean };
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const [prefix, setPrefix] = useState(numbering.prefix);
  const [start, setStart] = useState(numbering.start);
  const [increment, setIncrement] = useState(String(numbering.increment));
  const [invalid, setInvalid] = useState<FieldErrors>({});
  const saving = useSaving();
  const errors = { ...saving.errors, ...invalid };

  const save = () => {
    const step = parseNumberText(increment);
    const input = { spaceId, scheduleId, prefix, start, increment: step ?? Number.NaN };
    const parsed = saveCodeNumberingInput.safeParse(input);
    setInvalid(parsed.success ? {} : zodFieldErrors(parsed.error));
    if (!parsed.success) return;
    void saving.run(async () => {
      const saved = await utils.client.works.numbering.save.mutate(parsed.data, {
        context: { showsIssues: true },
      });
      utils.works.numbering.get.setData({ spaceId, scheduleId }, saved);
      notify('success', [t('numbering.saved')]);
    });
  };

  return (
    <form
      className="code-numbering"
      data-testid="code-numbering"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <h3 className="panel-title">{t('numbering.title')}</h3>
      <p className="muted">{t('numbering.hint')}</p>
      <div className="code-numbering-fields">
        <TextField
          label={t('numbering.prefix')}
          value={prefix}
          onChange={setPrefix}
          maxLength={NUMBERING_LIMITS.prefixMaxLength}
          disabled={!editable}
          error={errors.prefix}
          data-testid="numbering-prefix"
        />
        <TextField
          label={t('numbering.start')}
          value={start}
          onChange={setStart}
          inputMode="numeric"
          maxLength={NUMBERING_LIMITS.startMaxDigits + 2}
          disabled={!editable}
          error={errors.start}
          data-testid="numbering-start"
        />
        <TextField
          label={t('numbering.increment')}
          value={increment}
          onChange={setIncrement}
          inputMode="numeric"
          disabled={!editable}
          error={errors.increment}
          data-testid="numbering-increment"
        />
      </div>
      <p className="code-numbering-next" data-testid="numbering-next">
        {t('numbering.next', { code: numbering.nextCode })}
        {!numbering.stored && <span className="muted"> {t('numbering.inferred')}</span>}
      </p>
      <Button type="submit" disabled={!editable} busy={saving.busy} data-testid="numbering-save">
        {t('common.save')}
      </Button>
    </form>
  );
}
