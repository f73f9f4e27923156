import type { ReactNode } from 'react';

/** A compact control with its caption in front of it, both inside one label (assignment fields, chart options). */
export function InlineLabel({
  text,
  className,
  children,
}: {
  text: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the children, which the label wraps
    <label className={className}>
      <span>{text}</span>
      {children}
    </label>
  );
}
