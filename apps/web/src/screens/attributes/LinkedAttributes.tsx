import { type AttributeType, scheduleLinksInput } from '@takt/contracts';
import { useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { Button, Card, Empty, namedOptions, SelectField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';

type Attribute = RouterOutputs['attributes']['list'][number];
type Link = RouterOutputs['attributes']['links']['list'][number];

/**
 * Linked attributes of a chosen schedule (docs/product-rules.md, "Linked attributes"): its attributes that copy
 * a donor attribute of another schedule, with the last refresh, "Refresh linked values" and removal; a new
 * link; and, the other way round, which of its attributes other schedules copy.
 */
export function LinkedAttributes({
  schedules,
  attributes,
  editable,
}: {
  schedules: { id: string; name: string }[];
  attributes: Attribute[];
  editable: boolean;
}) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const [chosen, setChosen] = useState('');
  const scheduleId = chosen || schedules[0]?.id || '';
  const links = trpc.attributes.links.list.useQuery({ spaceId, scheduleId }, { enabled: !!scheduleId });
  const donors = trpc.attributes.links.donors.useQuery({ spaceId, scheduleId }, { enabled: !!scheduleId });
  const changed = () => {
    void utils.attributes.links.invalidate();
    void utils.works.list.invalidate();
  };
  const refresh = trpc.attributes.links.refresh.useMutation({
    onSuccess: (r) => {
      changed();
      notify('info', [
        t('links.refreshed', { copied: r.copied, cleared: r.cleared, unmatched: r.unmatched }),
      ]);
    },
  });
  const remove = trpc.attributes.links.delete.useMutation({ onSuccess: changed });
  const offeredIn = (id: string) => attributes.filter((a) => a.scheduleId === null || a.scheduleId === id);
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

  if (schedules.length < 2)
    return (
      <Card title={t('links.title')} description={t('links.hint')}>
        <Empty>{t('links.empty')}</Empty>
      </Card>
    );
  return (
    <Card title={t('links.title')} description={t('links.hint')}>
      <div className="stack" data-testid="linked-attributes">
        <SelectField
          label={t('links.schedule')}
          value={scheduleId}
          onChange={setChosen}
          options={namedOptions(schedules)}
          data-testid="links-schedule"
        />
        {(links.data ?? []).length === 0 ? (
          <Empty>{t('links.empty')}</Empty>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="links-table">
              <thead>
                <tr>
                  <th>{t('links.attribute')}</th>
                  <th>{t('links.donor_schedule')}</th>
                  <th>{t('links.donor_attribute')}</th>
                  <th>{t('links.match')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {(links.data ?? []).map((link: Link) => (
                  <tr key={link.id}>
                    <td>{link.attributeName}</td>
                    <td>{link.donorScheduleName}</td>
                    <td>{link.donorAttributeName}</td>
                    <td>
                      {link.matchAttributeName ?? t('links.match_code')}
                      <div className="link-meta">
                        {link.refreshedAt
                          ? t('links.last', {
                              date: when(link.refreshedAt),
                              copied: link.lastCopied,
                              unmatched: link.lastUnmatched,
                            })
                          : t('links.never')}
                      </div>
                    </td>
                    <td className="link-actions">
                      <Button
                        busy={refresh.isPending && refresh.variables?.linkId === link.id}
                        disabled={!can('schedule.edit')}
                        onClick={() => refresh.mutate({ spaceId, linkId: link.id })}
                        data-testid="link-refresh"
                      >
                        {t('links.refresh')}
                      </Button>
                      <Button
                        disabled={!editable}
                        onClick={async () => {
                          if (await confirmedDelete(t('links.delete_title', { name: link.attributeName })))
                            remove.mutate({ spaceId, linkId: link.id });
                        }}
                      >
                        {t('links.delete')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {editable && scheduleId && (
          <NewLink
            key={scheduleId}
            scheduleId={scheduleId}
            schedules={schedules.filter((s) => s.id !== scheduleId)}
            here={offeredIn(scheduleId).filter((a) => !a.formula)}
            offeredIn={offeredIn}
            shared={attributes.filter((a) => a.scheduleId === null)}
            onDone={changed}
          />
        )}
        <div>
          <h3 className="link-subtitle">{t('links.donors')}</h3>
          {(donors.data ?? []).length === 0 ? (
            <Empty>{t('links.donors_empty')}</Empty>
          ) : (
            <ul className="link-donors" data-testid="donor-attributes">
              {(donors.data ?? []).map((d) => (
                <li key={d.id}>
                  <strong>{d.donorAttributeName}</strong>{' '}
                  {t('links.to', { schedule: d.scheduleName, attribute: d.attributeName })}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Card>
  );
}

const linkForm = scheduleLinksInput.pick({ scheduleId: true });

function NewLink({
  scheduleId,
  schedules,
  here,
  offeredIn,
  shared,
  onDone,
}: {
  scheduleId: string;
  schedules: { id: string; name: string }[];
  here: Attribute[];
  offeredIn: (scheduleId: string) => Attribute[];
  shared: Attribute[];
  onDone: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const form = useForm(linkForm, { scheduleId });
  const [attributeId, setAttributeId] = useState('');
  const [donorScheduleId, setDonorScheduleId] = useState(schedules[0]?.id ?? '');
  const [donorAttributeId, setDonorAttributeId] = useState('');
  const [matchAttributeId, setMatchAttributeId] = useState('');
  const target = here.find((a) => a.id === attributeId);
  const donorChoices = offeredIn(donorScheduleId).filter(
    (a) => !target || a.valueType === (target.valueType as AttributeType),
  );
  const create = trpc.attributes.links.create.useMutation({
    ...form.showsIssues,
    onSuccess: (r) => {
      onDone();
      setAttributeId('');
      setDonorAttributeId('');
      notify('info', [
        t('links.refreshed', {
          copied: r.refresh.copied,
          cleared: r.refresh.cleared,
          unmatched: r.refresh.unmatched,
        }),
      ]);
    },
  });
  const issue = form.errors.attributeId ?? form.errors.donorAttributeId ?? form.errors.donorScheduleId;
  return (
    <div className="link-form" data-testid="link-form">
      <SelectField
        label={t('links.attribute')}
        value={attributeId}
        onChange={setAttributeId}
        options={namedOptions(here, '—')}
        error={form.errors.attributeId}
        data-testid="link-attribute"
      />
      <SelectField
        label={t('links.donor_schedule')}
        value={donorScheduleId}
        onChange={(id) => {
          setDonorScheduleId(id);
          setDonorAttributeId('');
        }}
        options={namedOptions(schedules)}
        data-testid="link-donor-schedule"
      />
      <SelectField
        label={t('links.donor_attribute')}
        value={donorAttributeId}
        onChange={setDonorAttributeId}
        options={namedOptions(donorChoices, '—')}
        error={issue === form.errors.attributeId ? undefined : issue}
        data-testid="link-donor-attribute"
      />
      <SelectField
        label={t('links.match')}
        value={matchAttributeId}
        onChange={setMatchAttributeId}
        options={namedOptions(shared, t('links.match_code'))}
      />
      <Button
        variant="primary"
        busy={create.isPending}
        disabled={!attributeId || !donorScheduleId || !donorAttributeId}
        onClick={() =>
          create.mutate({
            spaceId,
            scheduleId,
            attributeId,
            donorScheduleId,
            donorAttributeId,
            matchAttributeId: matchAttributeId || null,
          })
        }
        data-testid="link-create"
      >
        {t('links.new')}
      </Button>
    </div>
  );
}
