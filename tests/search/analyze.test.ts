import { describe, it, expect } from 'vitest';
import { americanSpelling, searchKey, searchKeys, tokenize } from '../../theme/search/analyze.ts';

describe('search text analysis', () => {
  it('maps British spellings to American ones', () => {
    const pairs: [string, string][] = [
      ['licence', 'license'],
      ['licences', 'licenses'],
      ['colour', 'color'],
      ['colours', 'colors'],
      ['coloured', 'colored'],
      ['behaviour', 'behavior'],
      ['centre', 'center'],
      ['centred', 'centerd'],
      ['catalogue', 'catalog'],
      ['organise', 'organize'],
      ['organisation', 'organization'],
      ['initialising', 'initializing'],
      ['analyse', 'analyze'],
      ['grey', 'gray'],
      ['programme', 'program'],
    ];
    for (const [british, american] of pairs) expect(americanSpelling(british), british).toBe(american);
  });

  it('leaves words alone that only look British', () => {
    for (const word of ['four', 'hour', 'your', 'more', 'store', 'raise', 'noise', 'programmer', 'license', 'licensing', 'crisis', 'basis']) {
      expect(americanSpelling(word), word).toBe(word);
    }
  });

  it('gives every form of a word the same key', () => {
    const same = (words: string[]) => expect(new Set(words.map(searchKey)), words.join()).toHaveProperty('size', 1);
    same(['licence', 'licences', 'license', 'licenses', 'licensing', 'licensed']);
    same(['rundown', 'rundowns']);
    same(['colour', 'color', 'colours']);
    same(['configure', 'configured', 'configuring']);
    same(['signalling', 'signaling']);
    expect(searchKey('v1.6')).toBe('v1.6');
    expect(searchKey('6666')).toBe('6666');
  });

  it('splits words with dots, dashes and apostrophes, and drops accents', () => {
    expect(tokenize('open-source cache_dir Café')).toEqual(['open-source', 'open', 'source', 'cache_dir', 'cache', 'dir', 'cafe']);
    expect(searchKeys('Rundowns and rundown')).toEqual(['rundown', 'and']);
  });
});
