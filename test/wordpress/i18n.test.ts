import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, clearPurgeState, decodeEntities, login, php, pluginWarnings, wp } from './helpers';

// The plugin speaks English in its source and French through its translation (text domain
// ffr-presse-purge, languages/): the federation's WordPress is in French, and this test WordPress
// too (WPLANG fr_FR, scripts/wordpress/install.php). It says « Requires PHP: 8.0 »: checked here,
// since this machine's PHP is 8.2.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PLUGIN = join(ROOT, 'wordpress/ffr-presse-purge');
const PHP_FILES = [
  join(PLUGIN, 'ffr-presse-purge.php'),
  join(PLUGIN, 'uninstall.php'),
  ...readdirSync(join(PLUGIN, 'includes'))
    .filter((f) => f.endsWith('.php'))
    .map((f) => join(PLUGIN, 'includes', f)),
  ...readdirSync(join(PLUGIN, 'languages'))
    .filter((f) => f.endsWith('.php'))
    .map((f) => join(PLUGIN, 'languages', f)),
];
const CHECKER = join(ROOT, 'scripts/wordpress/php80-check.php');

afterAll(async () => {
  await php(`delete_user_meta(${wp.users.admin.id}, 'locale'); return true;`);
  await clearPurgeState();
  expect(await pluginWarnings()).toEqual([]);
});

describe('PHP 8.0', () => {
  it('the header says 8.0, every file passes php -l, and none uses what PHP 8.1 or later brought', () => {
    const header = readFileSync(join(PLUGIN, 'ffr-presse-purge.php'), 'utf8');
    expect(header).toMatch(/^ \* Requires PHP:\s+8\.0$/m);
    expect(readFileSync(join(PLUGIN, 'readme.txt'), 'utf8')).toMatch(/^Requires PHP: 8\.0$/m);
    for (const file of PHP_FILES) {
      const lint = spawnSync('php', ['-l', file], { encoding: 'utf8' });
      expect(lint.status, `${file}: ${lint.stdout}${lint.stderr}`).toBe(0);
    }
    const check = spawnSync('php', [CHECKER, ...PHP_FILES], { encoding: 'utf8' });
    console.log(`php80-check sur ${PHP_FILES.length} fichiers : ${check.stdout.trim() || 'rien après PHP 8.0'}`);
    expect(check.stdout).toBe('');
    expect(check.status).toBe(0);
  });

  it('the check does see what PHP 8.0 would refuse', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ffr-php80-'));
    try {
      const file = join(dir, 'newer.php');
      writeFileSync(
        file,
        `<?php
enum Suit { case Hearts; }
final class A {
	public function __construct( public readonly int $x, private Logger $log = new Logger() ) {}
	public function stop(): never { exit; }
	public function both( Countable&Traversable $v ): void {}
	public function yes(): true { return true; }
	final const B = 1;
	const string C = 'c';
}
$f = strlen(...);
$ok = array_is_list( array() ) && json_validate( '{}' );
$x = $ok ? null : false;
`,
      );
      const check = spawnSync('php', [CHECKER, file], { encoding: 'utf8' });
      const found = check.stdout
        .trim()
        .split('\n')
        .map((line) => line.replace(/^.*?:\d+: /, ''));
      expect(check.status).toBe(1);
      expect(found.sort()).toEqual(
        [
          'enum (PHP 8.1)',
          'readonly (PHP 8.1, classes 8.2)',
          'new in an initializer (PHP 8.1)',
          'never return type (PHP 8.1)',
          'intersection type (PHP 8.1)',
          'true as a stand-alone type (PHP 8.2)',
          'true type (PHP 8.2)',
          'final class constant (PHP 8.1)',
          'typed class constant (PHP 8.3)',
          'first-class callable syntax f(...) (PHP 8.1)',
          'array_is_list() (after PHP 8.0)',
          'json_validate() (after PHP 8.0)',
        ].sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the French translation', () => {
  it('has every string of the plugin, and its .mo and .l10n.php are compiled from the .po', () => {
    const check = spawnSync(process.execPath, [join(ROOT, 'scripts/wordpress/i18n.mjs'), '--check'], { encoding: 'utf8' });
    console.log(check.stdout.trim());
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('reads the same through WordPress’s .mo reader (6.1 and later) and its .l10n.php (6.5 and later)', async () => {
    const { result } = await php<{ mo: Record<string, string>; php: Record<string, string>; language: string; loaded: boolean }>(`
      $base = WP_PLUGIN_DIR . '/ffr-presse-purge/languages/ffr-presse-purge-fr_FR';
      $mo = new MO();
      $mo->import_from_file($base . '.mo');
      $entries = [];
      foreach ($mo->entries as $entry) $entries[$entry->singular] = $entry->translations[0];
      $compiled = include $base . '.l10n.php';
      return ['mo' => $entries, 'php' => $compiled['messages'], 'language' => $compiled['language'] . '/' . $mo->headers['Language'], 'loaded' => is_textdomain_loaded('ffr-presse-purge')];`);
    expect(Object.keys(result.mo).length).toBeGreaterThan(40);
    expect(result.php).toEqual(result.mo);
    expect(result.language).toBe('fr_FR/fr_FR');
    expect(result.loaded).toBe(true);
  });

  it('the admin strings come out in French with the locale fr_FR (the user’s or the site’s), in English with en_US', async () => {
    // A failure on record, so that the notice shows.
    await php(
      `update_option('ffr_presse_purge_last_error', ['time' => time(), 'status' => 503, 'error' => '', 'message' => 'Service indisponible.', 'retry' => true, 'refused' => false]); return true;`,
    );
    const cookies = await login('admin');
    const page = async (locale: string) => {
      await php(
        locale
          ? `update_user_meta(${wp.users.admin.id}, 'locale', '${locale}'); return true;`
          : `delete_user_meta(${wp.users.admin.id}, 'locale'); return true;`,
      );
      const r = await admin('profile.php', cookies);
      expect(r.status).toBe(200);
      return decodeEntities(r.text);
    };
    const notice = (text: string) => /<div class="notice notice-error ffr-presse-purge-notice"[^>]*><p>([^<]*)<\/p>/.exec(text)?.[1];
    const barItem = (text: string) => /id=["']wp-admin-bar-ffr-presse-purge["'][^>]*>\s*<a[^>]*>([^<]*)<\/a>/.exec(text)?.[1];

    const fr = await page('fr_FR');
    const en = await page('en_US');
    const site = await page('');
    const plugin = await php<{ name: string; description: string }>(
      `$d = get_plugin_data(WP_PLUGIN_DIR . '/ffr-presse-purge/ffr-presse-purge.php', false, true); return ['name' => $d['Name'], 'description' => $d['Description']];`,
    );
    console.log('fr_FR :', JSON.stringify({ barre: barItem(fr), avis: notice(fr) }));
    console.log('en_US :', JSON.stringify({ barre: barItem(en), avis: notice(en) }));
    console.log('langue du site (fr_FR) :', JSON.stringify({ barre: barItem(site), extension: plugin.result.name }));

    expect(barItem(fr)).toBe('Purger le cache du site');
    expect(notice(fr)).toMatch(
      /^FFR Presse\u00a0: la purge du cache a échoué \(503 Service indisponible\.\) le \d{2}\/\d{2}\/\d{4} à \d{1,2}h\d{2}\. Nouvel essai automatique prévu\.$/,
    );
    expect(barItem(en)).toBe('Purge the site cache');
    expect(notice(en)).toMatch(
      /^FFR Presse: the cache purge failed \(503 Service indisponible\.\) on \d{4}-\d{2}-\d{2} at \d{2}:\d{2}\. Another attempt is scheduled\.$/,
    );
    expect(barItem(site)).toBe('Purger le cache du site');
    expect(notice(site)).toBe(notice(fr));
    expect(plugin.result.name).toBe('FFR Presse — purge du cache');
    expect(plugin.result.description).toContain(
      'Remplit les listes d’événements des formulaires d’accréditation (Contact Form 7) et n’en accepte les demandes que venues du site.',
    );
  });
});
