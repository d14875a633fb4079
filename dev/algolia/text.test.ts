import { describe, expect, it } from 'vitest';
import { escapeHtml, normalize, originalPrefixLength, tokenize, truncateUtf8, utf8Length, words } from './text';
import { allowedTypos, prefixDistance, wordDistance } from './typo';
import { Vocabulary } from './vocabulary';

describe('normalize', () => {
  it('lowercases and strips diacritics', () => {
    expect(normalize('Équipe de FRANCE')).toBe('equipe de france');
    expect(normalize('Sélectionneur, mêlée, Noël, çà')).toBe('selectionneur, melee, noel, ca');
  });

  it('folds ligatures and special letters', () => {
    expect(normalize('Œuvre cœur')).toBe('oeuvre coeur');
    expect(normalize('Ægis')).toBe('aegis');
    expect(normalize('Straße')).toBe('strasse');
    expect(normalize('ﬁnale')).toBe('finale');
  });

  it('treats decomposed and precomposed accents the same', () => {
    expect(normalize('e\u0301quipe')).toBe(normalize('\u00e9quipe'));
  });
});

describe('tokenize', () => {
  it('splits on apostrophes (straight and typographic), hyphens and punctuation', () => {
    expect(words("L'Équipe d’Afrique du Sud")).toEqual(['l', 'equipe', 'd', 'afrique', 'du', 'sud']);
    expect(words('Nouvelle-Zélande : 42-17 !')).toEqual(['nouvelle', 'zelande', '42', '17']);
  });

  it('keeps the offsets of each word in the original text', () => {
    const text = "l'Œuvre";
    const [l, oeuvre] = tokenize(text);
    expect(l).toEqual({ norm: 'l', start: 0, end: 1 });
    expect(oeuvre).toEqual({ norm: 'oeuvre', start: 2, end: 7 });
    expect(text.slice(oeuvre!.start, oeuvre!.end)).toBe('Œuvre');
  });

  it('ignores control characters and symbols', () => {
    expect(words('\u0000\u0007équipe\u001f"<script>"')).toEqual(['equipe', 'script']);
    expect(words('   ')).toEqual([]);
  });
});

describe('originalPrefixLength', () => {
  it('maps a normalised prefix back onto the written word', () => {
    expect('Sélectionneur'.slice(0, originalPrefixLength('Sélectionneur', 5))).toBe('Sélec');
    // 'œ' is two normalised letters
    expect('Œuvre'.slice(0, originalPrefixLength('Œuvre', 3))).toBe('Œu');
    // a combining accent stays with its letter
    expect('Se\u0301lection'.slice(0, originalPrefixLength('Se\u0301lection', 2))).toBe('Se\u0301');
  });
});

describe('escapeHtml', () => {
  it('escapes what Algolia escapes', () => {
    expect(escapeHtml(`<a href="x">l'& </a>`)).toBe('&lt;a href=&quot;x&quot;&gt;l&#39;&amp; &lt;/a&gt;');
  });
});

describe('UTF-8 length', () => {
  it('counts bytes and truncates on character boundaries', () => {
    expect(utf8Length('équipe')).toBe(7);
    expect(truncateUtf8('ééé', 5)).toBe('éé');
    expect(truncateUtf8('a😀', 4)).toBe('a');
    expect(truncateUtf8('abc', 512)).toBe('abc');
  });
});

describe('typo distances', () => {
  const settings = { typoTolerance: true, minWordSizefor1Typo: 4, minWordSizefor2Typos: 8 };

  it('allows 0 typos under 4 letters, 1 from 4, 2 from 8', () => {
    expect(allowedTypos('xv', settings)).toBe(0);
    expect(allowedTypos('bleu', settings)).toBe(1);
    expect(allowedTypos('joueurs', settings)).toBe(1);
    expect(allowedTypos('toulouse', settings)).toBe(2);
    expect(allowedTypos('toulouse', { ...settings, typoTolerance: false })).toBe(0);
  });

  it('counts a transposition as one typo (Damerau-Levenshtein)', () => {
    expect(wordDistance('dupnot', 'dupont', 1)).toBe(1);
    expect(wordDistance('dupond', 'dupont', 1)).toBe(1);
    expect(wordDistance('dupon', 'dupont', 1)).toBe(1);
    expect(wordDistance('dupmot', 'dupont', 1)).toBeNull();
    expect(wordDistance('selectoinneru', 'selectionneur', 2)).toBe(2);
  });

  it('measures a query against the closest beginning of a word', () => {
    expect(prefixDistance('selec', 'selectionneur', 1)).toEqual({ typos: 0, length: 5 });
    expect(prefixDistance('selce', 'selectionneur', 1)).toEqual({ typos: 1, length: 5 });
    expect(prefixDistance('xyz', 'selectionneur', 1)).toBeNull();
  });
});

describe('Vocabulary.lookup', () => {
  const vocabulary = new Vocabulary();
  for (const w of ['selection', 'selectionneur', 'selections', 'select', 'dupont', 'dupond', 'equipe', 'equipes', 'xv']) vocabulary.add(w);

  it('finds exact words, and prefixes when asked', () => {
    expect([...vocabulary.lookup('equipe', 0, false).keys()]).toEqual(['equipe']);
    expect(new Set(vocabulary.lookup('selec', 0, true).keys())).toEqual(new Set(['selection', 'selectionneur', 'selections', 'select']));
    expect(vocabulary.lookup('selection', 0, true).get('selection')).toEqual({ typos: 0, prefix: false, length: 9 });
    expect(vocabulary.lookup('selection', 0, true).get('selectionneur')).toEqual({ typos: 0, prefix: true, length: 9 });
  });

  it('finds words within the allowed typos', () => {
    const found = vocabulary.lookup('dupnot', 1, false);
    expect(found.get('dupont')).toEqual({ typos: 1, prefix: false, length: 6 });
    expect(found.has('dupond')).toBe(false); // two edits away
    expect(vocabulary.lookup('selectoin', 2, true).get('selectionneur')).toEqual({ typos: 1, prefix: true, length: 9 });
  });

  it('forgets deleted words', () => {
    const v = new Vocabulary();
    v.add('bleues');
    v.delete('bleues');
    expect(v.lookup('bleues', 1, true).size).toBe(0);
  });
});
