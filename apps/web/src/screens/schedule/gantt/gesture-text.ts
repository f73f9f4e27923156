import type { Translate } from '../../../lib/i18n';
import type { GestureEffect } from './gesture';

type LinkEffect = Extract<GestureEffect, { type: 'linkLabel' | 'linkStatus' }>;

/**
 * The status line of a link: the one under the pointer (`linkLabel`), or the one being drawn — to the
 * work under the pointer, or still looking for one (`linkStatus`).
 */
export function linkText(
  effect: LinkEffect,
  t: Translate,
  label: (work: number) => string,
  linkNames: (link: number) => { from: number; to: number; type: string },
): string {
  if (effect.type === 'linkLabel') {
    const { from, to, type } = linkNames(effect.link);
    return t('gantt.link_label', { type: type.toUpperCase(), from: label(from), to: label(to) });
  }
  if (effect.to < 0) return t('gantt.link.pick', { from: label(effect.from) });
  return t('gantt.link.status', {
    type: effect.linkType.toUpperCase(),
    from: label(effect.from),
    to: label(effect.to),
  });
}
