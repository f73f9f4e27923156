import { describe, expect, it } from 'vitest';
import { insertMention, mentionAt, mentionedIds, mentionMatches, textParts } from './mentions';

const people = [
  { id: 'a', login: 'ivanov', firstName: 'Иван', lastName: 'Иванов' },
  { id: 'b', login: 'petrova', firstName: 'Анна', lastName: 'Петрова' },
  { id: 'c', login: 'iv.sidorov', firstName: 'Илья', lastName: 'Сидоров' },
];

describe('chat mentions', () => {
  it('finds the mention being typed at the caret, not an address or a finished word', () => {
    expect(mentionAt('Привет @iv', 10)).toEqual({ start: 7, query: 'iv' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('mail@iv', 7)).toBeNull();
    expect(mentionAt('@iv done', 8)).toBeNull();
  });

  it('matches login and names by their start, in any case', () => {
    expect(mentionMatches(people, 'IV').map((p) => p.id)).toEqual(['a', 'c']);
    expect(mentionMatches(people, 'пет').map((p) => p.id)).toEqual(['b']);
    expect(mentionMatches(people, '', 2).map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('inserts the login and keeps only mentions still in the text', () => {
    const typed = 'Смотри @pe и дальше';
    const inserted = insertMention(typed, { start: 7, query: 'pe' }, 'petrova');
    expect(inserted).toEqual({ text: 'Смотри @petrova  и дальше', caret: 16 });
    expect(mentionedIds(inserted.text, people)).toEqual(['b']);
    expect(mentionedIds('@ivanovich', people)).toEqual([]);
    expect(mentionedIds('@iv.sidorov, привет', people)).toEqual(['c']);
  });

  it('cuts a text into plain parts and known mentions', () => {
    expect(textParts('Да, @ivanov и @nobody', new Set(['ivanov']))).toEqual([
      { text: 'Да, ', mention: false },
      { text: '@ivanov', mention: true },
      { text: ' и @nobody', mention: false },
    ]);
  });
});
