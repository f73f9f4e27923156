import { describe, expect, it } from 'vitest';
import { chooseLanguage, disconnectedLanguage } from './i18n';

describe('language of the guest pages', () => {
  it('takes the first browser language the server allows', () => {
    expect(chooseLanguage(null, ['de-DE', 'fr-FR', 'en-US'], ['ru', 'en', 'fr'])).toBe('fr');
    expect(chooseLanguage(null, ['en-GB', 'ru'], ['ru', 'en'])).toBe('en');
  });

  it('skips browser languages that are not allowed', () => {
    expect(chooseLanguage(null, ['fr-FR', 'en-US'], ['ru', 'en'])).toBe('en');
  });

  it('falls back to the first allowed language', () => {
    expect(chooseLanguage(null, ['de-DE', 'it'], ['en', 'ru'])).toBe('en');
    expect(chooseLanguage(null, [], ['fr'])).toBe('fr');
  });

  it('prefers the remembered choice when it is still allowed', () => {
    expect(chooseLanguage('fr', ['ru-RU'], ['ru', 'en', 'fr'])).toBe('fr');
    expect(chooseLanguage('fr', ['ru-RU'], ['ru', 'en'])).toBe('ru');
  });
});

describe('language of the disconnected layout', () => {
  it('is Russian for a Russian browser and English otherwise', () => {
    expect(disconnectedLanguage('ru-RU')).toBe('ru');
    expect(disconnectedLanguage('ru')).toBe('ru');
    expect(disconnectedLanguage('fr-FR')).toBe('en');
    expect(disconnectedLanguage(undefined)).toBe('en');
  });
});
