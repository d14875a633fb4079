import { describe, expect, it } from 'vitest';
import { displayText, FRENCH_PHONE, fr, frenchSpaces } from './typography';

describe('French spaces', () => {
  it('put a narrow no-break space before ? ! ; : » and after «, where a space was typed', () => {
    expect(frenchSpaces('Vous êtes journaliste ? Oui !')).toBe('Vous êtes journaliste\u202f? Oui\u202f!');
    expect(frenchSpaces('Téléphone : 01 ; « Jouer ici »')).toBe('Téléphone\u202f: 01\u202f; «\u202fJouer ici\u202f»');
    expect(frenchSpaces('déjà\u00a0: fait')).toBe('déjà\u00a0: fait');
    expect(frenchSpaces('Une action. © FFR – Thomas Girard')).toBe('Une action. ©\u00a0FFR – Thomas Girard');
  });
  it('leave signs written without a space alone', () => {
    expect(frenchSpaces('https://www.ffr.fr à 20:30, vraiment?!')).toBe('https://www.ffr.fr à 20:30, vraiment?!');
  });
});

describe('French phone numbers in text', () => {
  it('are found whole, in their usual writings, and nothing longer', () => {
    const found = (text: string) => [...text.matchAll(FRENCH_PHONE)].map((m) => m[0]);
    expect(found('Téléphone : +33 1 69 63 64 65, ou 01.69.63.64.65 ; fax 0169636466.')).toEqual([
      '+33 1 69 63 64 65',
      '01.69.63.64.65',
      '0169636466',
    ]);
    expect(found('Licence 123456789012, score 20-14, le 01/02/2026')).toEqual([]);
  });
});

describe('fr`…`', () => {
  it('sets a sentence of the site and what is put in it', () => {
    const title = 'France – Japon : le groupe';
    expect(fr`S’accréditer : ${title} ?`).toBe('S’accréditer\u202f: France – Japon\u202f: le groupe\u202f?');
  });
});

describe('text from WordPress, shown', () => {
  it('gets a typographer’s apostrophe, dash and spaces; what is not between letters or spaces stays', () => {
    expect(displayText("Chef d'édition")).toBe('Chef d’édition');
    expect(displayText('Chef du service - adjoint')).toBe('Chef du service – adjoint');
    expect(displayText("France-Japon (20-14) : l'essai")).toBe('France-Japon (20-14)\u202f: l’essai');
    expect(displayText("'citation'")).toBe("'citation'");
  });
});
