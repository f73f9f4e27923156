import { describe, expect, it } from 'vitest';
import { parseAcceptLanguage, pickLanguage, resolveLanguage } from './language';

describe('parseAcceptLanguage', () => {
  it('orders tags by quality, then by position', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(parseAcceptLanguage('de;q=0.2, en;q=0.9')).toEqual(['en', 'de']);
    expect(parseAcceptLanguage('en;q=0')).toEqual([]);
  });
});

describe('pickLanguage', () => {
  it('takes the first preference that is allowed', () => {
    expect(pickLanguage(['de-DE', 'en-US', 'ru'], ['ru', 'en', 'fr'])).toBe('en');
    expect(pickLanguage(['fr-FR'], ['ru', 'en', 'fr'])).toBe('fr');
  });

  it('skips preferences that are not allowed', () => {
    expect(pickLanguage(['fr-FR', 'ru-RU'], ['ru', 'en'])).toBe('ru');
  });

  it('falls back to the first allowed language', () => {
    expect(pickLanguage(['de', 'it'], ['en', 'ru'])).toBe('en');
    expect(pickLanguage([], ['fr'])).toBe('fr');
  });

  it('ignores allowed languages without a catalog', () => {
    expect(pickLanguage(['de'], ['de', 'en'])).toBe('en');
    expect(pickLanguage(['de'], [])).toBe('ru');
  });
});

describe('resolveLanguage', () => {
  it('reads an X-Language value', () => {
    expect(resolveLanguage('en')).toBe('en');
    expect(resolveLanguage('fr')).toBe('fr');
  });

  it('reads an Accept-Language header', () => {
    expect(resolveLanguage('de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('en');
  });

  it('defaults to Russian when nothing matches', () => {
    expect(resolveLanguage(undefined)).toBe('ru');
    expect(resolveLanguage('')).toBe('ru');
    expect(resolveLanguage('de')).toBe('ru');
  });

  it('respects the allowed languages', () => {
    expect(resolveLanguage('ru', ['en', 'fr'])).toBe('en');
    expect(resolveLanguage(null, ['fr', 'en'])).toBe('fr');
  });
});
