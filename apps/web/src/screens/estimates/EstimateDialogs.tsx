import { useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';

export function SectionDialog({
  estimateId,
  parentSectionId,
  onClose,
  onDone,
}: {
  estimateId: string;
  parentSectionId: string | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [nested, setNested] = useState(false);
  const create = trpc.estimates.sections.create.useMutation({
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  return (
    <FormDialog
      title={t('estimates.add_section')}
      submitLabel={t('estimates.add_section')}
      busy={create.isPending}
      onClose={onClose}
      onSubmit={() =>
        create.mutate({ spaceId, estimateId, name, code, parentSectionId: nested ? parentSectionId : null })
      }
    >
      <TextField
        label={t('estimates.field.name')}
        value={name}
        onChange={setName}
        data-testid="section-name"
      />
      <TextField label={t('estimates.field.code')} value={code} onChange={setCode} />
      {parentSectionId && (
        <label className="checkbox">
          <input type="checkbox" checked={nested} onChange={(e) => setNested(e.target.checked)} />{' '}
          {t('estimates.nested_section')}
        </label>
      )}
    </FormDialog>
  );
}

export function LineDialog({
  sectionId,
  onClose,
  onDone,
}: {
  sectionId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [f, setF] = useState({
    code: '',
    name: '',
    unit: '',
    quantity: '',
    labour: '',
    machines: '',
    materials: '',
  });
  const set = (k: keyof typeof f) => (v: string) => setF({ ...f, [k]: v });
  const num = (v: string) => Number(v.replace(',', '.')) || 0;
  const create = trpc.estimates.lines.create.useMutation({
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  return (
    <FormDialog
      title={t('estimates.add_line')}
      submitLabel={t('estimates.add_line')}
      busy={create.isPending}
      wide
      onClose={onClose}
      onSubmit={() =>
        create.mutate({
          spaceId,
          estimateSectionId: sectionId,
          code: f.code,
          name: f.name,
          unit: f.unit,
          quantity: num(f.quantity),
          unitCost: { labour: num(f.labour), machines: num(f.machines), materials: num(f.materials) },
        })
      }
    >
      <div className="estimate-form-grid">
        <TextField label={t('estimates.field.code')} value={f.code} onChange={set('code')} />
        <TextField
          label={t('estimates.field.name')}
          value={f.name}
          onChange={set('name')}
          data-testid="line-name"
        />
        <TextField label={t('estimates.field.unit')} value={f.unit} onChange={set('unit')} />
        <TextField
          label={t('estimates.field.quantity')}
          value={f.quantity}
          onChange={set('quantity')}
          inputMode="decimal"
          data-testid="line-quantity"
        />
        <TextField
          label={t('estimates.unit_cost.labour')}
          value={f.labour}
          onChange={set('labour')}
          inputMode="decimal"
        />
        <TextField
          label={t('estimates.unit_cost.machines')}
          value={f.machines}
          onChange={set('machines')}
          inputMode="decimal"
        />
        <TextField
          label={t('estimates.unit_cost.materials')}
          value={f.materials}
          onChange={set('materials')}
          inputMode="decimal"
          data-testid="line-materials"
        />
      </div>
    </FormDialog>
  );
}
