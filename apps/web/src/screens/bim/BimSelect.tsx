/**
 * A labelled compact select of the 4D screen's bars. The chosen value is handed back as the option's own
 * value, so a number stays a number.
 */
export function BimSelect<V extends string | number>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  testId?: string;
}) {
  return (
    <label className="bim-field">
      <span>{label}</span>
      <select
        className="input input-compact"
        value={value}
        onChange={(e) => {
          const chosen = options.find((o) => String(o.value) === e.target.value);
          if (chosen) onChange(chosen.value);
        }}
        data-testid={testId}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
