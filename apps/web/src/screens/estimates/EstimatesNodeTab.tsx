import { ESTIMATE_KIND_IDS, type EstimateKindId } from '@takt/contracts';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { FormDialog } from '../../components/dialog';
import { numHead, PlainTable } from '../../components/table';
import { Badge, Button, Empty, SelectField, Spinner, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { money } from './format';
import { ImportEstimateDialog } from './ImportEstimateDialog';
import './estimates.css';

/** The Estimates tab of an EPS node: the estimates of the node and of the nodes below it, new ones, imports. */
export function EstimatesNodeTab({ nodeId }: { nodeId: string }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const [, navigate] = useLocation();
  const list = trpc.estimates.list.useQuery({ spaceId, nodeId });
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  if (list.isLoading || !list.data) return <Spinner />;
  const latest = list.data.filter((e) => e.latest);
  return (
    <div className="estimates-tab" data-testid="node-estimates">
      {can('estimates.edit') && (
        <div className="estimates-tab-actions">
          <Button variant="primary" onClick={() => setCreating(true)} data-testid="estimate-create">
            + {t('estimates.create')}
          </Button>
          <Button onClick={() => setImporting(true)} data-testid="estimate-import">
            {t('estimates.import')}
          </Button>
        </div>
      )}
      {latest.length === 0 ? (
        <Empty>{t('estimates.empty')}</Empty>
      ) : (
        <PlainTable
          testId="node-estimates-table"
          heads={[
            t('estimates.field.code'),
            t('estimates.field.name'),
            t('estimates.field.kind'),
            t('estimates.field.node'),
            numHead(t('estimates.field.version')),
            numHead(t('estimates.field.total')),
          ]}
        >
          {latest.map((e) => (
            <tr key={e.id}>
              <td>{e.code ?? ''}</td>
              <td>
                <Link href={`/estimates/${e.id}`}>{e.name}</Link>
              </td>
              <td>
                <Badge>{t(`estimates.kind.${e.kind}`)}</Badge>
              </td>
              <td>{e.nodeName}</td>
              <td className="num">{e.number}</td>
              <td className="num">{money(e.totals.total)}</td>
            </tr>
          ))}
        </PlainTable>
      )}
      {creating && (
        <CreateEstimateDialog
          nodeId={nodeId}
          onClose={() => setCreating(false)}
          onCreated={(id) => navigate(`/estimates/${id}`)}
        />
      )}
      {importing && (
        <ImportEstimateDialog
          nodeId={nodeId}
          onClose={() => setImporting(false)}
          onImported={(id) => navigate(`/estimates/${id}`)}
        />
      )}
    </div>
  );
}

function CreateEstimateDialog({
  nodeId,
  onClose,
  onCreated,
}: {
  nodeId: string;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [kind, setKind] = useState<EstimateKindId>('loc');
  const [name, setName] = useState('');
  const create = trpc.estimates.create.useMutation({ onSuccess: (view) => onCreated(view.estimate.id) });
  return (
    <FormDialog
      title={t('estimates.create')}
      submitLabel={t('estimates.create')}
      busy={create.isPending}
      onClose={onClose}
      onSubmit={() => create.mutate({ spaceId, nodeId, kind, name })}
      testId="estimate-create-dialog"
    >
      <SelectField
        label={t('estimates.field.kind')}
        value={kind}
        onChange={(v) => setKind(v as EstimateKindId)}
        options={ESTIMATE_KIND_IDS.map((k) => ({ value: k, label: t(`estimates.kind.${k}`) }))}
      />
      <TextField
        label={t('estimates.field.name')}
        value={name}
        onChange={setName}
        data-testid="estimate-name"
      />
    </FormDialog>
  );
}
