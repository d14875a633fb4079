import { describe, expect, it } from 'vitest';
import { FRENCH_PHONE, frenchSpaces } from './typography';

describe('French spaces', () => {
  it('put a narrow no-break space before ? ! ; : » and after «, where a space was typed', () => {
    expect(frenchSpaces('Vous êtes journaliste ? Oui !')).toBe('Vous êtes journaliste\u202f? Oui\u202f!');
    expect(frenchSpaces('Téléphone : 01 ; « Jouer ici »')).toBe('Téléphone\u202f: 01\u202f; «\u202fJouer ici\u202f»');
    expect(frenchSpaces('déjà\u00a0: fait')).toBe('déjà\u00a0: fait');
  });
  it('leave signs written without a space alone', () => {
    expect(frenchSpaces('https://www.ffr.fr à 20:30, vraiment?!')).toBe('https://www.ffr.fr à 20:30, vraiment?!');
  });
});

describe('French phone numbers in text', () => {
  it('are found whole, in their usual writings, and nothing longer', () => {
    const found = (text: string) => [...text.matchAll(FRENCH_PHONE)].map((m) => m[0]);
    expect(found('Téléphone : +33 1 69 63 64 65, ou 01.69.63.64.65 ; fax 0169636466.')).toEqual(['+33 1 69 63 64 65', '01.69.63.64.65', '0169636466']);
    expect(found('Licence 123456789012, score 20-14, le 01/02/2026')).toEqual([]);
  });
});
