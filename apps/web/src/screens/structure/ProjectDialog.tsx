import { CALCULATION_SCENARIOS, PROJECT_LINK_KINDS, type ProjectLinkKind } from '@takt/contracts';
import { formatDate } from '@takt/i18n';
import { useEffect, useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import { PlainTable } from '../../components/table';
import {
  Badge,
  Button,
  Checkbox,
  Empty,
  IconButton,
  SelectField,
  Spinner,
  Tabs,
  TextArea,
  TextField,
} from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { appI18n, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { formatNumber } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';

/** A node of the EPS tree as the structure screen lists it. */
type EpsNode = RouterOutputs['eps']['list'][number];
type Tab = 'details' | 'settings' | 'calculation' | 'links';
type Details = RouterOutputs['projects']['details'];

const day = (iso: string | null) => (iso ? formatDate(iso.slice(0, 10)) : '—');

/**
 * The project card: where its schedules stand (details), its settings, the calculation settings its schedules
 * follow, its links to other projects, and a copy of it with its schedules.
 */
export function ProjectDialog({
  project,
  projects,
  onClose,
  onCopied,
}: {
  project: EpsNode;
  /** the space's projects, to link to */
  projects: EpsNode[];
  onClose: () => void;
  onCopied: (id: string) => void;
}) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const [tab, setTab] = useState<Tab>('details');
  const details = trpc.projects.details.useQuery({ spaceId, projectId: project.id });
  const tabs: { key: Tab; label: string }[] = [
    { key: 'details', label: t('projects.tab.details') },
    { key: 'settings', label: t('projects.tab.settings') },
    { key: 'calculation', label: t('projects.tab.calculation') },
    { key: 'links', label: t('projects.tab.links') },
  ];
  return (
    <FormDialog
      title={t('projects.dialog_title', { name: project.name })}
      wide
      onClose={onClose}
      testId="project-dialog"
    >
      <Tabs
        label={t('projects.dialog_title', { name: project.name })}
        tabs={tabs}
        active={tab}
        onChange={setTab}
      />
      <div className="project-dialog-body">
        {!details.data ? (
          <Spinner />
        ) : tab === 'details' ? (
          <DetailsTab details={details.data} canCopy={can('structure.edit')} onCopied={onCopied} />
        ) : tab === 'settings' ? (
          <SettingsTab projectId={project.id} editable={can('structure.edit')} />
        ) : tab === 'calculation' ? (
          <CalculationTab projectId={project.id} editable={can('schedule.calculate')} />
        ) : (
          <LinksTab project={project} projects={projects} editable={can('structure.edit')} />
        )}
      </div>
    </FormDialog>
  );
}

function DetailsTab({
  details,
  canCopy,
  onCopied,
}: {
  details: Details;
  canCopy: boolean;
  onCopied: (id: string) => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [copyName, setCopyName] = useState(`${details.name} (2)`.slice(0, 32));
  const copy = trpc.projects.copy.useMutation({
    onSuccess: (copied) => {
      notify('success', [t('projects.copied', { name: copied.name })]);
      onCopied(copied.id);
    },
  });
  const num = (n: number) => formatNumber(n, appI18n.locale);
  const { totals } = details;
  return (
    <div data-testid="project-details">
      <dl className="node-facts">
        <dt>{t('node_info.path')}</dt>
        <dd>{details.path.map((p) => p.name).join(' / ')}</dd>
        <dt>{t('projects.schedules')}</dt>
        <dd>
          {num(totals.schedules)} · {t('projects.valid')}: {num(totals.valid)}
        </dd>
        <dt>{t('projects.works')}</dt>
        <dd>{num(totals.works)}</dd>
        <dt>{t('projects.span')}</dt>
        <dd>
          {day(totals.start)} – {day(totals.finish)}
        </dd>
        <dt>{t('projects.progress')}</dt>
        <dd>{num(totals.progress)} %</dd>
        <dt>{t('projects.groups')}</dt>
        <dd>{num(details.groups)}</dd>
        <dt>{t('projects.models')}</dt>
        <dd>{num(details.models)}</dd>
      </dl>
      {details.schedules.length > 0 && (
        <PlainTable
          testId="project-schedules"
          heads={[
            t('planning.schedule'),
            t('planning.version'),
            t('projects.span'),
            t('projects.progress'),
            '',
          ]}
        >
          {details.schedules.map((s) => (
            <tr key={s.id}>
              <td>{s.name}</td>
              <td>{s.version?.name ?? t('planning.no_version')}</td>
              <td>
                {day(s.start)} – {day(s.finish)}
              </td>
              <td>{num(s.progress)} %</td>
              <td>
                <Badge tone={s.valid ? 'accent' : 'warn'}>
                  {s.valid ? t('planning.valid') : t('planning.not_valid')}
                </Badge>
              </td>
            </tr>
          ))}
        </PlainTable>
      )}
      {canCopy && (
        <div className="project-copy">
          <TextField label={t('projects.copy_name')} value={copyName} maxLength={32} onChange={setCopyName} />
          <Button
            disabled={copy.isPending || !copyName.trim()}
            onClick={() => copy.mutate({ spaceId, projectId: details.id, name: copyName.trim() })}
            data-testid="project-copy"
          >
            {t('projects.copy')}
          </Button>
        </div>
      )}
    </div>
  );
}

type SettingsForm = {
  description: string;
  address: string;
  customer: string;
  contractor: string;
  plannedStart: string;
  plannedFinish: string;
};

function SettingsTab({ projectId, editable }: { projectId: string; editable: boolean }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const got = trpc.projects.settings.useQuery({ spaceId, projectId });
  const [form, setForm] = useState<SettingsForm | null>(null);
  useEffect(() => {
    if (got.data) {
      const s = got.data.settings;
      setForm({ ...s, plannedStart: s.plannedStart ?? '', plannedFinish: s.plannedFinish ?? '' });
    }
  }, [got.data]);
  const save = trpc.projects.updateSettings.useMutation({
    onSuccess: () => {
      notify('success', [t('projects.saved')]);
      void utils.projects.invalidate();
    },
  });
  if (!form || !got.data) return <Spinner />;
  const set = (key: keyof SettingsForm) => (value: string) => setForm({ ...form, [key]: value });
  const submit = () =>
    save.mutate({
      spaceId,
      projectId,
      revision: got.data.revision,
      settings: {
        ...form,
        plannedStart: form.plannedStart || null,
        plannedFinish: form.plannedFinish || null,
      },
    });
  return (
    // the dialog is a form of its own: each tab saves by its button
    <div className="project-settings" data-testid="project-settings">
      <fieldset disabled={!editable || save.isPending} className="plain-fieldset">
        <TextArea label={t('projects.description')} value={form.description} onChange={set('description')} />
        <TextField
          label={t('projects.address')}
          value={form.address}
          onChange={set('address')}
          maxLength={500}
        />
        <div className="form-row">
          <TextField
            label={t('projects.customer')}
            value={form.customer}
            onChange={set('customer')}
            maxLength={32}
          />
          <TextField
            label={t('projects.contractor')}
            value={form.contractor}
            onChange={set('contractor')}
            maxLength={32}
          />
        </div>
        <div className="form-row">
          <TextField
            type="date"
            label={t('projects.planned_start')}
            value={form.plannedStart}
            onChange={set('plannedStart')}
          />
          <TextField
            type="date"
            label={t('projects.planned_finish')}
            value={form.plannedFinish}
            onChange={set('plannedFinish')}
          />
        </div>
        {editable && (
          <Button variant="primary" onClick={submit} data-testid="project-settings-save">
            {t('projects.save')}
          </Button>
        )}
      </fieldset>
    </div>
  );
}

type Options = RouterOutputs['projects']['calculateSettings']['options'];

/** The choices of the calculation options: each value with its text, the engine's default first. */
const CHOICES = {
  totalFloat: [
    ['finish', 'projects.total_float.finish'],
    ['start', 'projects.total_float.start'],
    ['smallest', 'projects.total_float.smallest'],
  ],
  progress: [
    ['retained_logic', 'projects.progress_mode.retained_logic'],
    ['progress_override', 'projects.progress_mode.progress_override'],
    ['actual_dates', 'projects.progress_mode.actual_dates'],
  ],
  lagCalendar: [
    ['predecessor', 'projects.lag_calendar.predecessor'],
    ['successor', 'projects.lag_calendar.successor'],
    ['24h', 'projects.lag_calendar.24h'],
    ['project', 'projects.lag_calendar.project'],
  ],
} as const;

function CalculationTab({ projectId, editable }: { projectId: string; editable: boolean }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const got = trpc.projects.calculateSettings.useQuery({ spaceId, projectId });
  const [scenario, setScenario] = useState('');
  const [options, setOptions] = useState<Options>({});
  const [apply, setApply] = useState(false);
  useEffect(() => {
    if (got.data) {
      setScenario(got.data.scenario ? String(got.data.scenario) : '');
      setOptions(got.data.options);
    }
  }, [got.data]);
  const save = trpc.projects.saveCalculateSettings.useMutation({
    onSuccess: () => {
      notify('success', [t('projects.saved')]);
      void utils.projects.invalidate();
    },
  });
  if (!got.data) return <Spinner />;
  const choice = <K extends keyof typeof CHOICES>(key: K, label: string) => (
    <SelectField
      label={label}
      value={String(options[key] ?? CHOICES[key][0]![0])}
      onChange={(value) => setOptions({ ...options, [key]: value })}
      options={CHOICES[key].map(([value, text]) => ({ value, label: t(text) }))}
    />
  );
  return (
    <div data-testid="project-calculation">
      <fieldset disabled={!editable || save.isPending} className="plain-fieldset">
        <SelectField
          label={t('projects.scenario')}
          value={scenario}
          onChange={setScenario}
          options={[
            { value: '', label: t('projects.scenario_none') },
            ...CALCULATION_SCENARIOS.map((n) => ({ value: String(n), label: String(n) })),
          ]}
        />
        {choice('totalFloat', t('projects.total_float'))}
        {choice('progress', t('projects.progress_mode'))}
        {choice('lagCalendar', t('projects.lag_calendar'))}
        <Checkbox
          label={t('projects.open_ends_critical')}
          checked={options.openEndsCritical ?? false}
          onChange={(checked) => setOptions({ ...options, openEndsCritical: checked })}
        />
        <Checkbox label={t('projects.apply_to_versions')} checked={apply} onChange={setApply} />
        <p className="field-hint">{t('projects.inheriting', got.data.versions)}</p>
        {editable && (
          <Button
            variant="primary"
            onClick={() =>
              save.mutate({
                spaceId,
                projectId,
                applyToVersions: apply,
                settings: { ...(scenario ? { scenario: Number(scenario) } : {}), options },
              })
            }
            data-testid="project-calculation-save"
          >
            {t('projects.save')}
          </Button>
        )}
      </fieldset>
    </div>
  );
}

function LinksTab({
  project,
  projects,
  editable,
}: {
  project: EpsNode;
  projects: EpsNode[];
  editable: boolean;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const links = trpc.projects.links.useQuery({ spaceId, projectId: project.id });
  const refresh = () => utils.projects.invalidate();
  const link = trpc.projects.link.useMutation({ onSuccess: refresh });
  const unlink = trpc.projects.unlink.useMutation({ onSuccess: refresh });
  const others = projects.filter((p) => p.id !== project.id);
  const [other, setOther] = useState('');
  const [kind, setKind] = useState<ProjectLinkKind>('depends_on');
  const [comment, setComment] = useState('');
  if (!links.data) return <Spinner />;
  return (
    <div data-testid="project-links">
      {links.data.length === 0 ? (
        <Empty>{t('projects.no_links')}</Empty>
      ) : (
        <ul className="plain-list">
          {links.data.map((l) => (
            <li key={l.id} data-testid="project-link">
              <Badge>{t(`projects.link_kind.${l.kind}`)}</Badge> {l.project.name}
              {l.project.facility && <span className="muted"> · {l.project.facility}</span>}
              {l.direction === 'incoming' && <span className="muted"> {t('projects.link_incoming')}</span>}
              {l.comment && <span className="muted"> — {l.comment}</span>}
              {editable && (
                <IconButton
                  label={t('projects.link_delete')}
                  onClick={async () => {
                    if (await confirmedDelete(t('projects.link_delete')))
                      unlink.mutate({ spaceId, projectLinkId: l.id });
                  }}
                >
                  ✕
                </IconButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && others.length > 0 && (
        <div className="form-row project-link-add">
          <SelectField
            label={t('projects.link_other')}
            value={other}
            onChange={setOther}
            options={[{ value: '', label: '—' }, ...others.map((p) => ({ value: p.id, label: p.name }))]}
          />
          <SelectField
            label={t('projects.link_kind')}
            value={kind}
            onChange={(value) => setKind(value as ProjectLinkKind)}
            options={PROJECT_LINK_KINDS.map((k) => ({ value: k, label: t(`projects.link_kind.${k}`) }))}
          />
          <TextField
            label={t('projects.link_comment')}
            value={comment}
            onChange={setComment}
            maxLength={500}
          />
          <Button
            disabled={!other || link.isPending}
            data-testid="project-link-add"
            onClick={() =>
              link.mutate(
                {
                  spaceId,
                  projectId: project.id,
                  otherProjectId: other,
                  kind,
                  ...(comment ? { comment } : {}),
                },
                {
                  onSuccess: () => {
                    setOther('');
                    setComment('');
                  },
                },
              )
            }
          >
            {t('projects.link_add')}
          </Button>
        </div>
      )}
    </div>
  );
}
