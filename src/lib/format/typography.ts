// French typography for text the site shows: a narrow no-break space (U+202F) before « ? ! ; : »
// and inside guillemets, where an ordinary space would let the sign start the next line (« Vous
// êtes journaliste / ? »). The site's own strings are written so; WordPress text is set so as it
// is shown (lib/html/inline-html.tsx), since editors type ordinary spaces. Only ordinary spaces
// already there are replaced: « http://… », « 20:30 », « ?! » written without one, or a no-break
// space an editor chose, are left as they are.

const NNBSP = '\u202f';

export function frenchSpaces(text: string): string {
  return text.replace(/ +(?=[?!;:»])/g, NNBSP).replace(/« +/g, `«${NNBSP}`);
}

/** A French phone number in running text: « 01 69 63 64 65 », « +33 1 69 63 64 65 », « 0169636465 ». */
export const FRENCH_PHONE = /(?<![\d+])(?:\+33[\s\u00a0\u202f]?(?:\(0\)[\s\u00a0\u202f]?)?|0)[1-9](?:[\s\u00a0\u202f.-]?\d{2}){4}(?!\d)/g;
