// The plugin's translations (wordpress/ffr-presse-purge/languages), without gettext: each .po is
// compiled into the two files WordPress reads, and the .po is checked against the plugin's source.
//
//   node scripts/wordpress/i18n.mjs          writes ffr-presse-purge-{locale}.mo and .l10n.php
//   node scripts/wordpress/i18n.mjs --check  fails if a compiled file is not what the .po gives,
//                                            or if a string of the plugin has no translation
//
// .mo: GNU gettext's binary catalogue (magic, counts, two tables of [length, offset], then the
// NUL-terminated strings, originals sorted), read by every WordPress (POMO's MO, wp-includes/pomo/mo.php).
// .l10n.php: the PHP array WordPress 6.5 and later prefer to a .mo beside it (WP_Translation_File_PHP:
// headers in lower case plus 'messages' => [original => translation]).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const PLUGIN = join(root, 'wordpress/ffr-presse-purge');
export const LANGUAGES = join(PLUGIN, 'languages');
export const DOMAIN = 'ffr-presse-purge';

/** A .po's entries: [{context, id, str}], the header (msgid "") first. Plurals are not used by the plugin. */
export function parsePo(text) {
  const entries = [];
  let current = null;
  let field = null;
  // A .po string is a C string: \n, \t, \" and \\ are the escapes it uses.
  const unquote = (s) => s.slice(1, -1).replace(/\\(.)/g, (_, c) => ({ n: '\n', t: '\t' })[c] ?? c);
  const flush = () => {
    if (current && current.id !== undefined) entries.push({ context: current.context ?? null, id: current.id, str: current.str ?? '' });
    current = null;
    field = null;
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    if (line.startsWith('#')) continue;
    const m = /^(msgctxt|msgid|msgstr|msgid_plural|msgstr\[\d+\])\s+(".*")$/.exec(line);
    if (m) {
      if (m[1] === 'msgid_plural' || m[1].startsWith('msgstr[')) throw new Error(`pluriels non pris en charge : ${line}`);
      if ((m[1] === 'msgctxt' || m[1] === 'msgid') && current && current.id !== undefined && field === 'str') flush();
      current ??= {};
      field = m[1] === 'msgctxt' ? 'context' : m[1] === 'msgid' ? 'id' : 'str';
      current[field] = unquote(m[2]);
      continue;
    }
    if (line.startsWith('"') && current && field) {
      current[field] += unquote(line);
      continue;
    }
    throw new Error(`ligne .po illisible : ${line}`);
  }
  flush();
  return entries;
}

const key = (e) => (e.context === null ? e.id : `${e.context}\u0004${e.id}`);

/** The .mo bytes (little-endian, no hash table: gettext and WordPress search the sorted originals). */
export function compileMo(entries) {
  const sorted = [...entries]
    .filter((e) => e.id === '' || e.str !== '')
    .sort((a, b) => Buffer.compare(Buffer.from(key(a)), Buffer.from(key(b))));
  const originals = sorted.map((e) => Buffer.from(key(e), 'utf8'));
  const translations = sorted.map((e) => Buffer.from(e.str, 'utf8'));
  const n = sorted.length;
  const headerSize = 28;
  const tables = 16 * n;
  let offset = headerSize + tables;
  const header = Buffer.alloc(headerSize + tables);
  header.writeUInt32LE(0x950412de, 0);
  header.writeUInt32LE(0, 4);
  header.writeUInt32LE(n, 8);
  header.writeUInt32LE(headerSize, 12);
  header.writeUInt32LE(headerSize + 8 * n, 16);
  header.writeUInt32LE(0, 20);
  header.writeUInt32LE(headerSize + tables, 24);
  const chunks = [];
  const place = (buffers, tableAt) => {
    buffers.forEach((b, i) => {
      header.writeUInt32LE(b.length, tableAt + 8 * i);
      header.writeUInt32LE(offset, tableAt + 8 * i + 4);
      chunks.push(b, Buffer.from([0]));
      offset += b.length + 1;
    });
  };
  place(originals, headerSize);
  place(translations, headerSize + 8 * n);
  return Buffer.concat([header, ...chunks]);
}

const phpString = (s) => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** The .l10n.php text: the header's fields in lower case, then the messages. */
export function compileL10nPhp(entries) {
  const header = entries.find((e) => e.id === '' && e.context === null)?.str ?? '';
  const fields = header
    .split('\n')
    .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
    .filter(Boolean)
    .map(([, name, value]) => [name.trim().toLowerCase(), value.trim()]);
  const messages = entries
    .filter((e) => e.id !== '' && e.str !== '')
    .sort((a, b) => Buffer.compare(Buffer.from(key(a)), Buffer.from(key(b))))
    .map((e) => `\t\t${phpString(key(e)).replace('\u0004', '\' . "\\4" . \'')} => ${phpString(e.str)},`);
  return [
    '<?php',
    `// Compiled from ${DOMAIN}-*.po by scripts/wordpress/i18n.mjs: edit the .po, not this file.`,
    'return array(',
    ...fields.map(([name, value]) => `\t${phpString(name)} => ${phpString(value)},`),
    "\t'messages' => array(",
    ...messages,
    '\t),',
    ');',
    '',
  ].join('\n');
}

/**
 * The strings the plugin translates: the first argument of __(), _e(), esc_html__(), esc_html_e(),
 * esc_attr__(), esc_attr_e() with the plugin's domain, plus its header's Name, Description and Author.
 */
export function sourceStrings() {
  const files = [
    join(PLUGIN, 'ffr-presse-purge.php'),
    ...readdirSync(join(PLUGIN, 'includes'))
      .filter((f) => f.endsWith('.php'))
      .map((f) => join(PLUGIN, 'includes', f)),
  ];
  const found = new Set();
  const call = /\b(?:__|_e|esc_html__|esc_html_e|esc_attr__|esc_attr_e)\(\s*'((?:[^'\\]|\\.)*)'\s*,\s*'([^']+)'\s*\)/g;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(call)) {
      if (m[2] !== DOMAIN) throw new Error(`${file} : domaine « ${m[2]} » au lieu de « ${DOMAIN} » pour « ${m[1]} »`);
      found.add(m[1].replace(/\\(['\\])/g, '$1'));
    }
    if (file.endsWith('ffr-presse-purge.php')) {
      for (const header of ['Plugin Name', 'Description', 'Author']) {
        const value = new RegExp(`^ \\* ${header}:\\s*(.+)$`, 'm').exec(text)?.[1]?.trim();
        if (value) found.add(value);
      }
    }
  }
  return found;
}

export function poFiles() {
  return readdirSync(LANGUAGES)
    .filter((f) => f.startsWith(`${DOMAIN}-`) && f.endsWith('.po'))
    .map((f) => join(LANGUAGES, f));
}

/** What is wrong: missing or unused translations, compiled files out of date. Empty when all is well. */
export function check() {
  const problems = [];
  const strings = sourceStrings();
  for (const po of poFiles()) {
    const entries = parsePo(readFileSync(po, 'utf8'));
    const ids = new Set(entries.filter((e) => e.id !== '').map((e) => e.id));
    for (const s of strings) if (!ids.has(s)) problems.push(`${po} : pas de traduction pour « ${s} »`);
    for (const e of entries) {
      if (e.id !== '' && !strings.has(e.id)) problems.push(`${po} : « ${e.id} » n’est plus dans l’extension`);
      if (e.id !== '' && e.str === '') problems.push(`${po} : « ${e.id} » n’est pas traduit`);
      const placeholders = (s) => (s.match(/%(\d+\$)?s/g) ?? []).sort().join(' ');
      if (e.id !== '' && placeholders(e.id) !== placeholders(e.str))
        problems.push(`${po} : « ${e.id} » et sa traduction n’ont pas les mêmes %s`);
    }
    const mo = po.replace(/\.po$/, '.mo');
    const php = po.replace(/\.po$/, '.l10n.php');
    let moBytes = null;
    try {
      moBytes = readFileSync(mo);
    } catch {}
    if (!moBytes?.equals(compileMo(entries))) problems.push(`${mo} : à recompiler (node scripts/wordpress/i18n.mjs)`);
    let phpText = null;
    try {
      phpText = readFileSync(php, 'utf8');
    } catch {}
    if (phpText !== compileL10nPhp(entries)) problems.push(`${php} : à recompiler (node scripts/wordpress/i18n.mjs)`);
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--check')) {
    const problems = check();
    for (const p of problems) console.error(p);
    console.log(
      problems.length === 0
        ? `Traductions à jour (${poFiles().length} langue(s), ${sourceStrings().size} textes).`
        : `${problems.length} problème(s).`,
    );
    process.exit(problems.length === 0 ? 0 : 1);
  }
  for (const po of poFiles()) {
    const entries = parsePo(readFileSync(po, 'utf8'));
    writeFileSync(po.replace(/\.po$/, '.mo'), compileMo(entries));
    writeFileSync(po.replace(/\.po$/, '.l10n.php'), compileL10nPhp(entries));
    console.log(`${po} → .mo et .l10n.php (${entries.length - 1} textes)`);
  }
}
