import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_POST, HIGHLIGHT_PRE } from '../../schemas/search-request';
import { correctedQuery, type CorrectionHit } from './correction';

/** « [équipe] » → the value Algolia sends with our highlight markers around « équipe ». */
const h = (value: string) => value.replaceAll('[', HIGHLIGHT_PRE).replaceAll(']', HIGHLIGHT_POST);
const hit = (nbTypos: number | null, ...values: string[]): CorrectionHit => ({ nbTypos, highlighted: values.map(h) });

describe('correctedQuery', () => {
  it('reads the corrected word from the record’s own highlighted spelling', () => {
    expect(correctedQuery('equpe', [hit(1, 'L’[équipe] de France féminine'), hit(1, 'Rugby fauteuil : l’[équipe] de France')])).toBe(
      'équipe',
    );
    expect(correctedQuery('dupnt', [hit(1, 'Tournée d’été 2025', 'Antoine [Dupont]')])).toBe('dupont');
  });

  it('suggests nothing when a hit matched the words as typed, or when the typo count is unknown', () => {
    expect(correctedQuery('equpe', [hit(1, 'L’[équipe]'), hit(0, 'Les [equpe]s')])).toBeNull();
    expect(correctedQuery('equipe', [hit(0, 'L’[équipe] de France')])).toBeNull();
    expect(correctedQuery('equpe', [hit(null, 'L’[équipe]')])).toBeNull();
    expect(correctedQuery('equpe', [])).toBeNull();
  });

  it('corrects only the words that were wrong, in the reader’s case, keeping what separates them', () => {
    expect(correctedQuery('Equpe de  france', [hit(1, 'L’[Équipe] [de] [France]')])).toBe('Équipe de  france');
    expect(correctedQuery('XV de frnace', [hit(1, 'Le [XV] [de] [France] à Marcoussis')])).toBe('XV de france');
    expect(correctedQuery('DUPNT', [hit(1, 'Antoine [Dupont]')])).toBe('DUPONT');
  });

  it('takes the whole word of a prefix match, the nearest first, then the most frequent', () => {
    // « equpe » matched the beginning of « Équipes » and the whole « équipe »: the nearer wins.
    expect(correctedQuery('equpe', [hit(1, '[Équipe]s de France'), hit(1, '[Équipe]s de France'), hit(1, 'L’[équipe] type')])).toBe(
      'équipe',
    );
    // The last word is still being typed: « equp » is the beginning of « équipe ».
    expect(correctedQuery('equp', [hit(1, '[Équip]es de France'), hit(1, 'L’[équip]e type')])).toBe('équipe');
    // Not the last word, or followed by a space: a whole word, so « equip » was a typo of « équipe ».
    expect(correctedQuery('equip france', [hit(1, 'L’[équipe] de [France]')])).toBe('équipe france');
    expect(correctedQuery('dupon ', [hit(1, 'Antoine [Dupont]')])).toBe('dupont ');
  });

  it('never proposes a word more than two typos away', () => {
    expect(correctedQuery('xyzab', [hit(1, 'Antoine [Dupont]')])).toBeNull();
  });
});
