// French typography for text the site shows: a narrow no-break space (U+202F) before « ? ! ; : »
// and inside guillemets, where an ordinary space would let the sign start the next line (« Vous
// êtes journaliste / ? »). The site's own strings are written so; WordPress text is set so as it
// is shown (lib/html/inline-html.tsx), since editors type ordinary spaces. Only ordinary spaces
// already there are replaced: « http://… », « 20:30 », « ?! » written without one, or a no-break
// space an editor chose, are left as they are.

const NNBSP = '\u202f';

export function frenchSpaces(text: string): string {
  // « © FFR » never ends a line on its sign either.
  return text
    .replace(/ +(?=[?!;:»])/g, NNBSP)
    .replace(/« +/g, `«${NNBSP}`)
    .replace(/© +/g, '©\u00a0');
}

/**
 * Text from WordPress shown as written by a typographer: French spaces, the apostrophe « ’ » for a
 * straight one between letters (« Chef d’édition »), and a dash for a hyphen set between spaces
 * (« Chef du service – adjoint »). For display only: a value sent back (a CF7 option) stays as
 * WordPress has it.
 */
export function displayText(text: string): string {
  return frenchSpaces(text.replace(/(?<=\p{L})'(?=\p{L})/gu, '’').replace(/ - /g, ' – '));
}

/** A French phone number in running text: « 01 69 63 64 65 », « +33 1 69 63 64 65 », « 0169636465 ». */
export const FRENCH_PHONE = /(?<![\d+])(?:\+33[\s\u00a0\u202f]?(?:\(0\)[\s\u00a0\u202f]?)?|0)[1-9](?:[\s\u00a0\u202f.-]?\d{2}){4}(?!\d)/g;

/**
 * A French sentence of the site, written with ordinary spaces for legibility in the source and
 * set as frenchSpaces() sets it: fr`Pas encore de compte ? Il se crée…`. What is put in (a title)
 * is set too: it is shown in the same sentence.
 */
export function fr(strings: TemplateStringsArray, ...values: unknown[]): string {
  return frenchSpaces(strings.reduce((out, part, i) => out + part + (i < values.length ? String(values[i]) : ''), ''));
}

/**
 * What must not break across lines: a score or a range written with a hyphen (« (10-13) »,
 * « 16-16 »), which would leave « … face au Japon (10- » on one line and « 13) » on the next, and a
 * proper name joined by a hyphen (« États-Unis », « Nouvelle-Zélande »). Split on it, the odd
 * parts are the ones to keep together.
 */
export const KEEP_TOGETHER = /(\(?\d+[-–]\d+\)?|\p{Lu}\p{Ll}+-\p{Lu}\p{L}+)/u;
