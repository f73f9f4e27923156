import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ABILITIES, ERROR_CODES, errorMessageId, LANGUAGES, VALIDATION } from '@takt/contracts';
import { describe, expect, it } from 'vitest';
import { CATALOG_LANGUAGES, CATALOGS, createI18n, isMessageId, translate } from './catalogs';
import { GUIDE_SECTIONS, guideSections } from './guide';

const keysOf = (lang: keyof typeof CATALOGS) => Object.keys(CATALOGS[lang]).sort();

describe('catalogs', () => {
  it('cover exactly the languages of the product', () => {
    expect([...CATALOG_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
  });

  it('hold identical key sets', () => {
    expect(keysOf('ru')).toEqual(keysOf('en'));
    expect(keysOf('fr')).toEqual(keysOf('en'));
  });

  it('French uses the English texts', () => {
    expect(CATALOGS.fr).toEqual(CATALOGS.en);
  });

  it('have no empty message', () => {
    for (const lang of CATALOG_LANGUAGES) {
      for (const [id, text] of Object.entries(CATALOGS[lang]))
        expect(text.trim(), `${lang} ${id}`).not.toBe('');
    }
  });

  it('hold a message for every error code of the contracts', () => {
    for (const code of ERROR_CODES) expect(isMessageId(errorMessageId(code)), code).toBe(true);
  });

  it('hold a message for every validation id of the contracts', () => {
    for (const id of Object.values(VALIDATION)) expect(isMessageId(id), id).toBe(true);
  });

  it('hold a name for every ability', () => {
    for (const ability of ABILITIES) expect(isMessageId(`ability.${ability}`), ability).toBe(true);
  });

  it('every message compiles and renders without leftover ICU syntax', () => {
    for (const lang of CATALOG_LANGUAGES) {
      const i18n = createI18n(lang);
      for (const id of Object.keys(CATALOGS[lang])) {
        const text = i18n._(id, { count: 3, max: 32, min: 8, minutes: 15, name: 'N', screen: 'S' });
        expect(text, `${lang} ${id}`).not.toMatch(/\{\s*count\s*,\s*plural/);
      }
    }
  });
});

describe('translate', () => {
  it('uses the wording of the specification', () => {
    expect(translate('en', 'errors.LicenseLimit')).toBe(
      'The user limit for the selected space has been exceeded',
    );
    expect(translate('en', 'errors.IPNotAllowed')).toBe('Access not allowed from this IP address');
    expect(translate('en', 'validation.passwords_not_similar')).toBe('Passwords did not similar');
    expect(translate('fr', 'errors.Forbidden')).toBe('You do not have access to the selected space');
    expect(translate('en', 'error_page.contact_admin')).toBe('Contact your system administrator');
  });

  it('interpolates values', () => {
    expect(translate('en', 'validation.max_length', { max: 32 })).toBe('Maximum length is 32 characters');
    expect(translate('en', 'errors.TooManyAttempts', { minutes: 15 })).toBe(
      'Too many failed attempts. Try again in 15 minutes',
    );
    expect(translate('en', 'errors.TooManyAttempts', { minutes: 1 })).toBe(
      'Too many failed attempts. Try again in 1 minute',
    );
    expect(translate('ru', 'disconnect.restore_counter', { count: 7 })).toBe('Восстановить через 7 с');
  });

  it('applies Russian plural rules', () => {
    expect(translate('ru', 'select_space.members', { count: 1 })).toBe('1 участник');
    expect(translate('ru', 'select_space.members', { count: 3 })).toBe('3 участника');
    expect(translate('ru', 'select_space.members', { count: 5 })).toBe('5 участников');
    expect(translate('en', 'select_space.members', { count: 1 })).toBe('1 member');
    expect(translate('en', 'select_space.members', { count: 2 })).toBe('2 members');
  });

  it('returns the id itself for a missing message', () => {
    expect(translate('ru', 'no.such.message')).toBe('no.such.message');
    expect(translate('en', 'errors.NotInCatalog')).toBe('errors.NotInCatalog');
  });

  it('builds the guide in every language', () => {
    for (const lang of CATALOG_LANGUAGES) {
      const sections = guideSections(lang);
      expect(sections.map((s) => s.id)).toEqual([...GUIDE_SECTIONS]);
      for (const s of sections) {
        expect(s.title).not.toMatch(/^guide\./);
        expect(s.body).not.toMatch(/^guide\./);
      }
    }
  });
});

/** Every message id the web app spells out as a string literal must exist in the catalogs. */
describe('message ids used by apps/web', () => {
  const webSrc = fileURLToPath(new URL('../../../apps/web/src', import.meta.url));
  const ids = Object.keys(CATALOGS.en);
  const namespaces = new Set(ids.map((id) => id.split('.')[0]));
  // A literal that prefixes catalog ids (e.g. the procedure path `auth.login`) names a group, not a
  // message; ability names (`space.manage`) are identifiers, not messages, too.
  const isGroup = (literal: string) => ids.some((id) => id.startsWith(`${literal}.`));
  const isAbility = (literal: string) => (ABILITIES as readonly string[]).includes(literal);

  function sourceFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });
  }

  it('exist in the catalogs', () => {
    const files = sourceFiles(webSrc);
    expect(files.length).toBeGreaterThan(0);
    const used = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/['"`]([a-z_]+(?:\.[A-Za-z_]+)+)['"`]/g)) {
        const id = match[1]!;
        if (namespaces.has(id.split('.')[0]) && !isGroup(id) && !isAbility(id)) used.add(id);
      }
    }
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used].filter((id) => !isMessageId(id));
    expect(missing).toEqual([]);
  });
});
