import { type ComponentProps, useId } from 'react';
import { CompactSelect } from '../../components/compact-select';

/** A compact select of the 4D screen's bars with its label beside it. */
export function BimSelect<V extends string>({
  label,
  ...select
}: { label: string } & ComponentProps<typeof CompactSelect<V>>) {
  const id = useId();
  return (
    <label className="bim-field" htmlFor={id}>
      <span>{label}</span>
      <CompactSelect<V> id={id} {...select} />
    </label>
  );
}
