import { describe, expect, it } from 'vitest';
import { applyOverrides, createI18n, isValidMessage, translate } from './catalogs';

describe('a space’s overrides of the catalogue', () => {
  it('lay a text over one language, with its placeholders, and go back to the catalogue', () => {
    const i18n = createI18n('en');
    let changes = 0;
    i18n.on('change', () => changes++);
    applyOverrides(i18n, 'en', {
      'screen.admin': 'Control room',
      'admin.licence.usage': '{used} / {limit} seats',
    });
    expect(i18n._('screen.admin')).toBe('Control room');
    expect(i18n._('admin.licence.usage', { used: 2, limit: 5 })).toBe('2 / 5 seats');
    expect(changes).toBeGreaterThan(0);
    // other languages and other Lingui instances keep the catalogue's text
    i18n.activate('ru');
    expect(i18n._('screen.admin')).toBe(translate('ru', 'screen.admin'));
    expect(translate('en', 'screen.admin')).toBe('Administration');
    i18n.activate('en');
    applyOverrides(i18n, 'en', {});
    expect(i18n._('screen.admin')).toBe('Administration');
  });

  it('leave out unknown ids and texts that are not messages', () => {
    const i18n = createI18n('en');
    applyOverrides(i18n, 'en', { 'no.such.id': 'x', 'screen.admin': 'Broken {name' });
    expect(i18n._('screen.admin')).toBe('Administration');
    expect(isValidMessage('Hello {name}')).toBe(true);
    expect(isValidMessage('Hello {name')).toBe(false);
  });
});
