import type { SelectHTMLAttributes } from 'react';

/** One entry of a select: the value it stands for and the text it shows. */
export interface Choice<V extends string = string> {
  value: V;
  label: string;
}

/** The choices of a fixed list of values, each shown by `label`. */
export function choicesOf<V extends string>(values: readonly V[], label: (value: V) => string): Choice<V>[] {
  return values.map((value) => ({ value, label: label(value) }));
}

/** The `<option>`s of a select, one a choice. */
export function Options({ options }: { options: readonly Choice[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}

type CompactSelectProps<V extends string> = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange' | 'children'
> & {
  value: V;
  /** The chosen value: always one of `options`, so its type is theirs. */
  onChange: (value: V) => void;
  options: readonly Choice<V>[];
};

/**
 * The small unlabelled select of toolbars, table cells and add rows (`input input-compact`); the caller
 * names it with `aria-label`. `className` adds to those classes.
 */
export function CompactSelect<V extends string>({
  value,
  onChange,
  options,
  className,
  ...rest
}: CompactSelectProps<V>) {
  return (
    <select
      className={className ? `input input-compact ${className}` : 'input input-compact'}
      value={value}
      onChange={(e) => onChange(e.target.value as V)}
      {...rest}
    >
      <Options options={options} />
    </select>
  );
}
