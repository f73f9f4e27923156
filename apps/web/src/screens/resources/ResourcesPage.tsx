import { RESOURCE_KINDS } from '@takt/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { numHead, PlainTable } from '../../components/table';
import { Badge, Card, Loaded, PageHeader, Tabs } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { useListSearch } from '../../lib/list-search';
import { trpc } from '../../lib/trpc';
import { quantityText } from './format';
import { ResourceEditor } from './ResourceEditor';
import { ExecutorsTab, SpecialtiesTab } from './SpecialtiesTab';
import '../calendars/calendars.css';
import './resources.css';
import { choicesOf } from '../../components/compact-select';
import { ListFilters } from '../../components/list-filters';

type Tab = 'resources' | 'specialties' | 'executors';

/**
 * The resources screen (screens and routes `resources/{id?}`): the space's resource directory — resources of the four
 * kinds with unit, price and availability — its specialties and executors. The query parameters filter
 * (text), filter_indicator (a kind) and target (a resource id or code, selected and scrolled to) come from
 * the address, like the schedule's.
 */
export function ResourcesPage({ params }: { params: { id?: string } }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const [, navigate] = useLocation();
  const { filterText: filter, indicator, target, setParam } = useListSearch();
  const [tab, setTab] = useState<Tab>('resources');
  const list = trpc.resources.list.useQuery({ spaceId });
  const calendars = trpc.calendars.list.useQuery({ spaceId });
  const specialties = trpc.resources.specialties.useQuery({ spaceId });
  const editable = can('resources.edit');
  const [creating, setCreating] = useState(false);

  const all = list.data ?? [];
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return all.filter(
      (r) =>
        (!needle || r.name.toLowerCase().includes(needle) || (r.code ?? '').toLowerCase().includes(needle)) &&
        (!indicator || r.kind === indicator),
    );
  }, [all, filter, indicator]);

  // The target parameter (an id or a code) opens that resource once.
  const targetDone = useRef<string | null>(null);
  useEffect(() => {
    if (!target || targetDone.current === target || !list.data) return;
    const found = list.data.find((r) => r.id === target || r.code === target);
    targetDone.current = target;
    if (found && found.id !== params.id)
      navigate(`/resources/${found.id}${window.location.search}`, { replace: true });
  }, [target, list.data, params.id, navigate]);
  useEffect(() => {
    if (params.id) document.getElementById(`resource-${params.id}`)?.scrollIntoView({ block: 'nearest' });
  }, [params.id]);

  const selected = creating ? null : all.find((r) => r.id === params.id);
  const calendarName = (id: string | null) => calendars.data?.find((c) => c.id === id)?.name ?? '';
  const specialtyName = (id: string | null) => specialties.data?.find((s) => s.id === id)?.name ?? '';

  return (
    <div className="page page-wide" data-testid="resources-page">
      <PageHeader
        title={t('screen.resources')}
        subtitle={t('resources.subtitle')}
        add={
          tab === 'resources' && {
            label: t('resources.new'),
            disabled: !editable,
            onClick: () => setCreating(true),
            testId: 'resource-create',
          }
        }
      />
      <Tabs
        label={t('resources.tabs')}
        tabs={(['resources', 'specialties', 'executors'] as const).map((key) => ({
          key,
          label: t(`resources.tab.${key}`),
        }))}
        active={tab}
        onChange={setTab}
      />
      {tab === 'specialties' && <SpecialtiesTab editable={editable} />}
      {tab === 'executors' && <ExecutorsTab editable={editable} />}
      {tab === 'resources' && (
        <div className={`resources-layout${creating || selected ? ' resources-layout-editing' : ''}`}>
          <Card className="resources-list">
            <div className="resources-filters">
              <ListFilters
                filterText={filter}
                indicator={indicator}
                setParam={setParam}
                filterLabel={t('resources.filter')}
                indicatorLabel={t('resources.kind')}
                indicators={[
                  { value: '', label: t('resources.kind_all') },
                  ...choicesOf(RESOURCE_KINDS, (k) => t(`resources.kind.${k}`)),
                ]}
                filterTestId="resources-filter"
              />
            </div>
            <Loaded
              loading={list.isLoading}
              empty={shown.length === 0 && (all.length ? t('resources.nothing_found') : t('resources.empty'))}
            >
              <PlainTable
                heads={[
                  t('eps.code'),
                  t('eps.name'),
                  t('resources.kind'),
                  t('resources.unit'),
                  numHead(t('resources.price')),
                  numHead(t('resources.units_per_day')),
                  t('resources.calendar'),
                  t('resources.specialty'),
                  numHead(t('resources.assignments')),
                ]}
                testId="resources-table"
                className="resources-table"
              >
                {shown.map((r) => (
                  <tr
                    key={r.id}
                    id={`resource-${r.id}`}
                    className={`clickable${r.id === selected?.id ? ' row-active' : ''}`}
                    onClick={() => {
                      setCreating(false);
                      navigate(`/resources/${r.id}${window.location.search}`);
                    }}
                    data-testid="resource-row"
                  >
                    <td>{r.code ?? ''}</td>
                    <td>{r.name}</td>
                    <td>
                      <Badge tone={r.kind === 'labour' ? 'accent' : 'neutral'}>
                        {t(`resources.kind.${r.kind}`)}
                      </Badge>
                    </td>
                    <td>{r.unit ?? ''}</td>
                    <td className="num">{quantityText(r.price, 2)}</td>
                    <td className="num">
                      {r.unitsPerDay === null ? t('resources.unlimited') : quantityText(r.unitsPerDay)}
                      {r.periods.length > 0 && (
                        <span className="muted-inline">
                          {' '}
                          · {t('resources.periods_count', { count: r.periods.length })}
                        </span>
                      )}
                    </td>
                    <td>{calendarName(r.calendarId)}</td>
                    <td>{specialtyName(r.specialtyId)}</td>
                    <td className="num">{r.assignments}</td>
                  </tr>
                ))}
              </PlainTable>
            </Loaded>
          </Card>
          {(creating || selected) && (
            <ResourceEditor
              key={selected ? `${selected.id}:${selected.revision}` : 'new'}
              resource={selected ?? null}
              editable={editable}
              calendars={calendars.data ?? []}
              specialties={specialties.data ?? []}
              onSaved={(id) => {
                setCreating(false);
                navigate(`/resources/${id}${window.location.search}`);
              }}
              onDeleted={() => navigate(`/resources${window.location.search}`)}
              onClose={() => {
                setCreating(false);
                navigate(`/resources${window.location.search}`);
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}
