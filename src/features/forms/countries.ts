import data from './countries.data.json';

// Dialling codes for the phone fields (SPEC §3 Country entry). The data is generated once at dev time
// by scripts/generate-countries.mjs from libphonenumber-js and Intl.DisplayNames('fr'); the worker
// only reads the JSON.

export type Country = {
  /** Dialling code, digits only: "33". */
  e164_cc: string;
  /** ISO 3166-1 alpha-2: "FR". */
  iso2_cc: string;
  /** French name: "France". */
  display_name: string;
};

/** Every region libphonenumber knows (245), sorted by French name. */
export const PRESS_COUNTRIES: Country[] = data;

/** The short list: France first, then its neighbours and the rugby nations, by French name. */
export const EUROPEAN_ISO2 = [
  'FR',
  'DE',
  'BE',
  'GB',
  'ES',
  'IT',
  'CH',
  'LU',
  'MC',
  'NL',
  'PT',
  'IE',
  'AD',
  'AT',
  'DK',
  'GE',
  'PL',
  'RO',
  'SE',
  'NO',
  'ZA',
  'AR',
  'AU',
  'NZ',
  'FJ',
  'WS',
  'TO',
  'JP',
  'US',
  'CA',
  'UY',
  'MA',
] as const;

const byIso2 = new Map(PRESS_COUNTRIES.map((c) => [c.iso2_cc, c]));
const collator = new Intl.Collator('fr', { sensitivity: 'base' });

export const EUROPEAN_COUNTRIES: Country[] = EUROPEAN_ISO2.map((iso2) => byIso2.get(iso2))
  .filter((c): c is Country => c !== undefined)
  .sort((a, b) => (a.iso2_cc === 'FR' ? -1 : b.iso2_cc === 'FR' ? 1 : collator.compare(a.display_name, b.display_name)));

export function countryByIso2(iso2: string): Country | undefined {
  return byIso2.get(iso2.toUpperCase());
}
