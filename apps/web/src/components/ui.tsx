import { isBlockedIntegerKey, isIntegerText, LIMITS } from '@takt/contracts';
import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import type { FieldError } from '../lib/form';
import { translateDynamic, useT } from '../lib/i18n';
import { Options } from './compact-select';
import { Icon, type IconName } from './icons';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export function Button({
  variant = 'secondary',
  busy = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; busy?: boolean }) {
  return (
    <button
      type={type}
      className={['btn', `btn-${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className="spinner spinner-inline" aria-hidden="true" />}
      {children}
    </button>
  );
}

/**
 * A button that shows only an icon (`icon`) or one sign (✎, ↑, ×): its label is both its accessible name
 * and its tooltip; `pressed` makes it a toggle button.
 */
export function IconButton({
  label,
  onClick,
  disabled,
  pressed,
  icon,
  className,
  testId,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  icon?: IconName;
  /** Classes besides `icon-btn`. */
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className ? `icon-btn ${className}` : 'icon-btn'}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      {icon ? <Icon name={icon} /> : children}
    </button>
  );
}

/** The small "×" button that closes, dismisses or removes what it stands in; its label says which. */
export function CrossButton(props: { label: string; onClick: () => void; disabled?: boolean }) {
  return <IconButton {...props}>×</IconButton>;
}

/** The translated text of a field error (a message id of the catalogs with parameters). */
export function errorText(error: FieldError | undefined): string | undefined {
  return error ? translateDynamic(error.message, error.params) : undefined;
}

/** The attributes that tie a field's control to its label, its error and its hint. */
interface ControlLinks {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps {
  label: ReactNode;
  error?: FieldError | undefined;
  hint?: ReactNode;
  children: (links: ControlLinks) => ReactNode;
}

export function FieldFrame({ label, error, hint, children }: FieldFrameProps) {
  const id = useId();
  const message = errorText(error);
  const describedBy = message ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${message ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': message ? true : undefined, 'aria-describedby': describedBy })}
      {message ? (
        <div className="field-error" id={`${id}-error`} role="alert">
          {message}
        </div>
      ) : (
        hint && (
          <div className="field-hint" id={`${id}-hint`}>
            {hint}
          </div>
        )
      )}
    </div>
  );
}

/** A labelled control's props: the element's own attributes, its text value, a label, an error and a hint. */
type LabelledProps<Attributes> = Omit<Attributes, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: FieldError | undefined;
  hint?: ReactNode;
};

type TextFieldProps = LabelledProps<InputHTMLAttributes<HTMLInputElement>>;

export function TextField({ label, value, onChange, error, hint, ...rest }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(links) => (
        <input
          {...links}
          className="input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...rest}
        />
      )}
    </FieldFrame>
  );
}

/**
 * A password input: a new password unless `autoComplete` says otherwise, so that browsers offer to
 * suggest and save one.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="password" autoComplete="new-password" {...props} />;
}

type FileFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & {
  label: ReactNode;
  hint?: ReactNode;
  /** The chosen file, or null when the choice was cleared. */
  onFile: (file: File | null) => void;
};

/** A labelled file input that hands over the one chosen file. */
export function FileField({ label, hint, onFile, className, ...rest }: FileFieldProps) {
  return (
    <FieldFrame label={label} hint={hint}>
      {(links) => (
        <input
          {...links}
          type="file"
          className={className ? `input ${className}` : 'input'}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          {...rest}
        />
      )}
    </FieldFrame>
  );
}

type TextAreaProps = LabelledProps<TextareaHTMLAttributes<HTMLTextAreaElement>>;

export function TextArea({
  label,
  value,
  onChange,
  error,
  hint,
  rows = LIMITS.textareaRows,
  ...rest
}: TextAreaProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(links) => (
        <textarea
          {...links}
          className="input textarea"
          rows={rows}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...rest}
        />
      )}
    </FieldFrame>
  );
}

type SelectFieldProps = LabelledProps<SelectHTMLAttributes<HTMLSelectElement>> & {
  options: readonly { value: string; label: string }[];
};

/** A select's options for named items (their ids as values), after an empty choice `''` when it has a label. */
export function namedOptions(
  items: readonly { id: string; name: string }[],
  emptyLabel?: string,
): { value: string; label: string }[] {
  const options = items.map((item) => ({ value: item.id, label: item.name }));
  return emptyLabel === undefined ? options : [{ value: '', label: emptyLabel }, ...options];
}

export function SelectField({ label, value, onChange, options, error, hint, ...rest }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(links) => (
        <select
          {...links}
          className="input select"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...rest}
        >
          <Options options={options} />
        </select>
      )}
    </FieldFrame>
  );
}

export function Checkbox({
  label,
  checked,
  onChange,
  error,
  disabled,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: FieldError | undefined;
  disabled?: boolean;
}) {
  const message = errorText(error);
  return (
    <div className={`field field-check${message ? ' field-invalid' : ''}`}>
      <label className="check">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{label}</span>
      </label>
      {message && (
        <div className="field-error" role="alert">
          {message}
        </div>
      )}
    </div>
  );
}

/** An on/off switch (a checkbox with the switch role). */
export function Switch({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="switch-row">
      <span className="switch-text">
        <span className="switch-label">{label}</span>
        {hint && <span className="field-hint">{hint}</span>}
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        className="switch"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  );
}

export function Card({
  title,
  description,
  actions,
  children,
  className,
  tone,
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  tone?: 'danger';
}) {
  return (
    <section className={['card', tone && `card-${tone}`, className].filter(Boolean).join(' ')}>
      {(title || actions) && (
        <header className="card-header">
          <div>
            {title && <h2 className="card-title">{title}</h2>}
            {description && <p className="card-description">{description}</p>}
          </div>
          {actions && <div className="card-actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}

/**
 * What a view shows of data that may still be loading: the spinner while it loads, then the notice
 * `empty` when there is nothing to show (a false value when there is something), else the content.
 */
export function Loaded({
  loading,
  empty,
  children,
}: {
  loading: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (loading) return <Spinner />;
  if (empty) return <Empty>{empty}</Empty>;
  return children;
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div className="progress">
      <div className="progress-label">{label}</div>
      <div
        className="progress-track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        aria-label={label}
      >
        <div className="progress-fill" style={{ width: `${clamped}%` }} />
      </div>
    </div>
  );
}

export function Badge({
  children,
  tone = 'neutral',
}: {
  children: ReactNode;
  tone?: 'neutral' | 'accent' | 'warn';
}) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

/** A list page's "+ New …" button: its main action, disabled for a reader who may not edit the list. */
interface PageAdd {
  label: string;
  onClick: () => void;
  testId: string;
  disabled?: boolean;
  busy?: boolean;
}

export function PageHeader({
  title,
  subtitle,
  actions,
  add,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  add?: PageAdd | false;
}) {
  return (
    <div className="page-header">
      <div>
        <h1 className="page-title">{title}</h1>
        {subtitle && <p className="page-subtitle">{subtitle}</p>}
      </div>
      {(actions || add) && (
        <div className="page-actions">
          {actions}
          {add && (
            <Button
              variant="primary"
              disabled={add.disabled}
              busy={add.busy}
              onClick={add.onClick}
              data-testid={add.testId}
            >
              + {add.label}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="empty">{children}</div>;
}

/** An integer input: the dot and comma keys are blocked, and pasted text must be an integer (validation rules). */
export function IntegerField({
  label,
  value,
  onChange,
  error,
  hint,
  name,
  min,
  max,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: FieldError | undefined;
  hint?: ReactNode;
  name?: string;
  min?: number;
  max?: number;
}) {
  return (
    <TextField
      label={label}
      name={name}
      inputMode="numeric"
      value={value}
      onChange={onChange}
      error={error}
      hint={hint}
      aria-valuemin={min}
      aria-valuemax={max}
      onKeyDown={(e) => {
        if (isBlockedIntegerKey(e.key)) e.preventDefault();
      }}
      onPaste={(e) => {
        if (!isIntegerText(e.clipboardData.getData('text'))) e.preventDefault();
      }}
    />
  );
}

export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
}: {
  tabs: readonly { key: K; label: string }[];
  active: K;
  onChange: (key: K) => void;
  label: string;
}) {
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          className={`tab${tab.key === active ? ' tab-active' : ''}`}
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
