// Generates src/features/forms/countries.data.json: every region libphonenumber knows, with its dialling code
// and its French name, sorted with French collation. Run once at dev time (libphonenumber-js is a dev
// dependency; the worker only reads the JSON):  node scripts/generate-countries.mjs

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';

const names = new Intl.DisplayNames(['fr'], { type: 'region' });
const collator = new Intl.Collator('fr', { sensitivity: 'base' });

const countries = getCountries()
  .map((iso2) => {
    const display_name = names.of(iso2);
    if (!display_name || display_name === iso2) throw new Error(`No French name for ${iso2}`);
    return { e164_cc: String(getCountryCallingCode(iso2)), iso2_cc: iso2, display_name };
  })
  .sort((a, b) => collator.compare(a.display_name, b.display_name) || a.iso2_cc.localeCompare(b.iso2_cc));

const target = fileURLToPath(new URL('../src/features/forms/countries.data.json', import.meta.url));
// One country per line: readable diffs if the data is ever regenerated.
writeFileSync(target, `[\n${countries.map((c) => `  ${JSON.stringify(c)}`).join(',\n')}\n]\n`);
console.log(`${countries.length} countries written to ${target}`);
