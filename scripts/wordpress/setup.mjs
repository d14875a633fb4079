// A real, throw-away WordPress for the purge tests and for people: Debian's packages (`wordpress`
// 6.1, `php-cli`, `php-mysql`, `php-curl`, `mariadb-server`), a private MariaDB on a unix socket in a temporary
// folder, and `php -S` with a router. Nothing is installed as a service, nothing is written outside
// the temporary folder (except apt-get when the packages are missing), everything is stopped and
// removed at the end.
//
//   node scripts/wordpress/setup.mjs     starts one for a person, until Ctrl-C
//
// WORDPRESS_PORT (default 8791) is its port; the purge plugin points at the worker on PORT (8787),
// and signs preview and embargo links for that worker's origin with its PREVIEW_SECRET.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall } from '../lib/apt.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const wordpressPort = Number(process.env.WORDPRESS_PORT ?? 8791);
export const wordpressUrl = `http://127.0.0.1:${wordpressPort}`;

// php-curl: without it WordPress's HTTP API falls back to fsockopen, which reads a response until
// the server closes the connection, and wrangler dev keeps it open despite `Connection: close` —
// every purge would then wait for the full timeout. Production PHP has it (Site Health asks for it).
// php-codesniffer: the plugin's coding standard (wordpress/phpcs.xml.dist).
const PACKAGES = ['wordpress', 'php-cli', 'php-mysql', 'php-curl', 'mariadb-server', 'php-codesniffer'];
const DEBIAN_WORDPRESS = '/usr/share/wordpress';
const PLUGIN_SOURCE = `${root}wordpress/ffr-presse-purge`;
export const PLUGIN_FILE = 'ffr-presse-purge/ffr-presse-purge.php';
export const SHIM = `${root}test/wordpress/ffr-v1-shim.php`;
/** Contact Form 7's public feedback route, for the accreditation guard: CF7 itself has no Debian package. */
export const CF7_SHIM = `${root}test/wordpress/cf7-feedback-shim.php`;

/** The worker's PREVIEW_SECRET and WP_PREVIEW_CREDENTIALS when `.dev.vars` does not name them (.dev.vars.example's values). */
export const DEFAULT_PREVIEW_SECRET = 'local-preview-secret-0123456789abcdef0123';
export const DEFAULT_PREVIEW_CREDENTIALS = 'preview:apercu-brouillons-local';
/** The worker's FORMS_SECRET when `.dev.vars` does not name it: the accreditation forms' signature key. */
export const DEFAULT_FORMS_SECRET = 'local-forms-secret-0123456789abcdef01234567';

/**
 * The signed links' settings: the site's origin (by default the purge URL's), the secret, and the
 * login:password the worker reads drafts with (WP_PREVIEW_CREDENTIALS), split as basic auth does.
 */
function previewSettings(purge, preview = {}) {
  const credentials = preview.credentials ?? DEFAULT_PREVIEW_CREDENTIALS;
  const colon = credentials.indexOf(':');
  if (colon < 1) throw new Error(`WP_PREVIEW_CREDENTIALS doit être de la forme identifiant:mot-de-passe (reçu « ${credentials} »)`);
  return {
    siteUrl: preview.siteUrl ?? new URL(purge.url).origin,
    secret: preview.secret ?? DEFAULT_PREVIEW_SECRET,
    login: credentials.slice(0, colon),
    password: credentials.slice(colon + 1),
  };
}

const seconds = (t0) => Math.round((performance.now() - t0) / 100) / 10;

/** Every process started here, killed with its group on stop or when Node exits. */
const processes = new Set();
const folders = new Set();

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {}
}

process.on('exit', () => {
  for (const child of processes) killGroup(child, 'SIGKILL');
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function start(cmd, args, { env = {}, log } = {}) {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', log ?? 'ignore', log ?? 'ignore'], detached: true });
  processes.add(child);
  child.on('exit', () => processes.delete(child));
  return child;
}

async function stopProcess(child, { graceMs = 5000 } = {}) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Polls `check` until it is true; `died` names why the process behind it is gone, to fail at once. */
async function until(check, { timeoutMs, what, died }) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    const reason = died?.();
    if (reason) throw new Error(`${what} s'est arrêté : ${reason}`);
    try {
      if (await check()) return;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} : pas prêt après ${timeoutMs / 1000} s${last ? ` (${last})` : ''}`);
}

/**
 * The newest WordPress Debian carries (unstable, « sid »), beside Debian 12's 6.1: the plugin is
 * tested at both ends of what its header claims (Requires at least, Tested up to). Its package is
 * downloaded by apt-get from a sources list of its own, into .tmp/ (the machine's apt configuration
 * is left as it is), and unpacked, not installed: its links to PHPMailer, getID3 and the JavaScript
 * libraries lead to Debian 12's, which the tests do not reach (no mail is sent, no media parsed).
 * Returns the folder to copy and its version.
 */
export function newestWordPress() {
  const dir = `${root}.tmp/wordpress-newest`;
  const apt = [
    '-o',
    `Dir::Etc::SourceList=${dir}/sources.list`,
    '-o',
    'Dir::Etc::SourceParts=/dev/null',
    '-o',
    `Dir::State::Lists=${dir}/lists`,
    '-o',
    `Dir::Cache=${dir}/cache`,
    '-o',
    'Debug::NoLocking=1',
  ];
  execFileSync('rm', ['-rf', `${dir}/package`, `${dir}/unpacked`]);
  execFileSync('mkdir', ['-p', `${dir}/lists/partial`, `${dir}/cache/archives/partial`, `${dir}/package`]);
  writeFileSync(`${dir}/sources.list`, 'deb http://deb.debian.org/debian sid main\n');
  execFileSync('apt-get', [...apt, '-qq', 'update'], { stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('apt-get', [...apt, '-qq', 'download', 'wordpress'], { cwd: `${dir}/package`, stdio: ['ignore', 'ignore', 'pipe'] });
  const deb = readdirSync(`${dir}/package`).find((f) => f.endsWith('.deb'));
  if (!deb) throw new Error('WordPress de Debian unstable : paquet introuvable');
  execFileSync('dpkg-deb', ['-x', `${dir}/package/${deb}`, `${dir}/unpacked`]);
  const path = `${dir}/unpacked/usr/share/wordpress`;
  const version = readFileSync(`${path}/wp-includes/version.php`, 'utf8').match(/\$wp_version = '([^']+)'/)?.[1] ?? '?';
  return { path, version };
}

/** Debian's packages, installed when one is missing (themes and translations are not: scripts/lib/apt.mjs). */
export function ensurePackages() {
  const t0 = performance.now();
  const installed = aptInstall(PACKAGES, 'WordPress');
  return { installed, seconds: seconds(t0) };
}

/** A private MariaDB: root without password, on a unix socket only (no TCP port to collide with). */
export async function startMariaDb(dir) {
  const t0 = performance.now();
  const data = join(dir, 'data');
  const socket = join(dir, 'mysqld.sock');
  const asRoot = process.getuid?.() === 0;
  // mariadbd refuses to run as root unless told to; as anyone else it runs as that user.
  const user = asRoot ? ['--user=root'] : [];
  execFileSync(
    'mariadb-install-db',
    ['--no-defaults', `--datadir=${data}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...user],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const installSeconds = seconds(t0);
  const t1 = performance.now();
  const server = start('/usr/sbin/mariadbd', [
    '--no-defaults',
    `--datadir=${data}`,
    `--socket=${socket}`,
    '--skip-networking',
    `--pid-file=${join(dir, 'mysqld.pid')}`,
    `--log-error=${join(dir, 'error.log')}`,
    '--innodb-buffer-pool-size=64M',
    '--skip-log-bin',
    ...user,
  ]);
  const client = (sql) =>
    execFileSync('mariadb', ['--no-defaults', `--socket=${socket}`, '-uroot', '-e', sql], { stdio: ['ignore', 'pipe', 'pipe'] });
  await until(
    () => {
      client('SELECT 1');
      return true;
    },
    { timeoutMs: 30_000, what: 'MariaDB', died: () => server.exitCode !== null && tail(join(dir, 'error.log')) },
  );
  client('CREATE DATABASE wordpress CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
  return { socket, installSeconds, startSeconds: seconds(t1), stop: () => stopProcess(server, { graceMs: 10_000 }) };
}

function tail(file, lines = 20) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

const phpString = (s) => `'${String(s).replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/**
 * The wp-config.php of the copy. The plugin's constants can be overridden for the next requests by
 * `overridesFile` ({url?, secret?, timeout?, unconfigured?, siteUrl?, previewSecret?, previewTtl?,
 * previewUnconfigured?}), outside the served folder: the tests use it to point the plugin at a
 * wrong secret, a closed port or a counting server, or to take the signed links' constants away.
 */
function wpConfig({ socket, url, purge, preview, formsSecret, debugLog, overridesFile }) {
  const salt = () => randomBytes(32).toString('base64');
  const keys = [
    'AUTH_KEY',
    'SECURE_AUTH_KEY',
    'LOGGED_IN_KEY',
    'NONCE_KEY',
    'AUTH_SALT',
    'SECURE_AUTH_SALT',
    'LOGGED_IN_SALT',
    'NONCE_SALT',
  ];
  return `<?php
// Throw-away WordPress of the FFR Presse tests (scripts/wordpress/setup.mjs).
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', ${phpString(`localhost:${socket}`)} );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
${keys.map((k) => `define( '${k}', ${phpString(salt())} );`).join('\n')}
$table_prefix = 'wp_';

define( 'WP_HOME', ${phpString(url)} );
define( 'WP_SITEURL', ${phpString(url)} );
// Application passwords over plain http (wp_is_application_passwords_supported).
define( 'WP_ENVIRONMENT_TYPE', 'local' );
// Cron runs only when a test runs it: no page view may deliver a retry behind its back.
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );
// No internet here: only this machine (the worker, the test servers) is reachable.
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_LOG', ${phpString(debugLog)} );
define( 'WP_DEBUG_DISPLAY', false );

$ffr_overrides_file = ${phpString(overridesFile)};
$ffr_overrides      = is_file( $ffr_overrides_file ) ? (array) json_decode( (string) file_get_contents( $ffr_overrides_file ), true ) : array();
if ( empty( $ffr_overrides['unconfigured'] ) ) {
	define( 'FFR_PRESSE_PURGE_URL', $ffr_overrides['url'] ?? ${phpString(purge.url)} );
	define( 'FFR_PRESSE_PURGE_SECRET', $ffr_overrides['secret'] ?? ${phpString(purge.secret)} );
	define( 'FFR_PRESSE_PURGE_TIMEOUT', $ffr_overrides['timeout'] ?? ${Number(purge.timeout ?? 8)} );
}
if ( empty( $ffr_overrides['previewUnconfigured'] ) ) {
	define( 'FFR_PRESSE_SITE_URL', $ffr_overrides['siteUrl'] ?? ${phpString(preview.siteUrl)} );
	define( 'FFR_PRESSE_PREVIEW_SECRET', $ffr_overrides['previewSecret'] ?? ${phpString(preview.secret)} );
	if ( isset( $ffr_overrides['previewTtl'] ) ) {
		define( 'FFR_PRESSE_PREVIEW_TTL', $ffr_overrides['previewTtl'] );
	}
}
if ( empty( $ffr_overrides['formsUnconfigured'] ) ) {
	define( 'FFR_PRESSE_FORMS_SECRET', $ffr_overrides['formsSecret'] ?? ${phpString(formsSecret)} );
	if ( isset( $ffr_overrides['formsSecretPrevious'] ) ) {
		define( 'FFR_PRESSE_FORMS_SECRET_PREVIOUS', $ffr_overrides['formsSecretPrevious'] );
	}
}
unset( $ffr_overrides, $ffr_overrides_file );

if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`;
}

// Local tweaks of this WordPress only: no mail server and no internet on the machine, so no mail
// and no update checks against wordpress.org (wp-includes/update.php) on admin pages.
const LOCAL_MU_PLUGIN = `<?php
/**
 * Plugin Name: FFR Presse (local)
 * Description: Throw-away WordPress of the tests: no mail, no update checks.
 */
add_filter( 'pre_wp_mail', '__return_false' );
add_action(
	'init',
	function () {
		foreach ( array( '_maybe_update_core', '_maybe_update_plugins', '_maybe_update_themes' ) as $check ) {
			remove_action( 'admin_init', $check );
		}
	}
);
`;

/**
 * The account the worker reads drafts with (WP_PREVIEW_CREDENTIALS, basic auth on
 * /ffr/v1/posts/{id}): an Editor, whose role holds what `edit_post` asks of any post, whatever its
 * author and status (edit_others_posts, edit_published_posts, edit_private_posts, map_meta_cap in
 * wp-includes/capabilities.php; the role also has read_private_posts), and an application password
 * equal to the configured one. WordPress generates
 * application passwords itself, so the generated one's hash is replaced by the configured one's,
 * without its non-alphanumeric characters, which WordPress strips before comparing
 * (wp_authenticate_application_password, wp-includes/user.php). Run once more, it changes nothing.
 */
const PREVIEW_USER_SCRIPT = `<?php
$_SERVER['HTTP_HOST']       = parse_url( $argv[2], PHP_URL_HOST ) . ':' . parse_url( $argv[2], PHP_URL_PORT );
$_SERVER['REQUEST_URI']     = '/';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
require rtrim( $argv[1], '/' ) . '/wp-load.php';

$ffr_options  = json_decode( stream_get_contents( STDIN ), true );
$ffr_password = preg_replace( '/[^a-z\\d]/i', '', $ffr_options['applicationPassword'] );
if ( '' === $ffr_password ) {
	fwrite( STDERR, "WP_PREVIEW_CREDENTIALS : le mot de passe doit contenir des lettres ou des chiffres.\\n" );
	exit( 1 );
}
$ffr_user = get_user_by( 'login', $ffr_options['login'] );
$ffr_id   = $ffr_user ? $ffr_user->ID : wp_insert_user(
	array(
		'user_login'   => $ffr_options['login'],
		'user_pass'    => $ffr_options['password'],
		'user_email'   => $ffr_options['login'] . '@example.fr',
		'display_name' => 'Aperçus du site FFR Presse',
		'role'         => 'editor',
	)
);
if ( is_wp_error( $ffr_id ) ) {
	fwrite( STDERR, $ffr_id->get_error_message() . "\\n" );
	exit( 1 );
}
// One application password of that name, with the configured password (changed if the configuration changed).
$ffr_name = 'FFR Presse (aperçus)';
if ( ! WP_Application_Passwords::application_name_exists_for_user( $ffr_id, $ffr_name ) ) {
	$ffr_created = WP_Application_Passwords::create_new_application_password( $ffr_id, array( 'name' => $ffr_name ) );
	if ( is_wp_error( $ffr_created ) ) {
		fwrite( STDERR, $ffr_created->get_error_message() . "\\n" );
		exit( 1 );
	}
}
$ffr_passwords = WP_Application_Passwords::get_user_application_passwords( $ffr_id );
foreach ( $ffr_passwords as &$ffr_item ) {
	if ( $ffr_name === $ffr_item['name'] && ! wp_check_password( $ffr_password, $ffr_item['password'], $ffr_id ) ) {
		$ffr_item['password'] = wp_hash_password( $ffr_password );
	}
}
unset( $ffr_item );
update_user_meta( $ffr_id, WP_Application_Passwords::USERMETA_KEY_APPLICATION_PASSWORDS, $ffr_passwords );
echo wp_json_encode( array( 'id' => $ffr_id ) );
`;

function php(args, input, debugLog) {
  let out;
  try {
    out = execFileSync('php', args, { input: JSON.stringify(input), encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (e) {
    throw new Error(`php ${args.join(' ')} : ${e.stderr || ''}${tail(debugLog)}`);
  }
  return JSON.parse(out.slice(out.indexOf('{')));
}

/**
 * Debian's wp-config.php only reads /etc/wordpress/config-<Host header>.php (system-wide, root
 * only, absent for php-cli scripts), and WordPress finds wp-config.php from the real path of
 * wp-load.php (ABSPATH is __DIR__ there), so a folder of symlinks would still load Debian's. A
 * copy of /usr/share/wordpress (56 MB, under a second) is a self-contained ABSPATH with our own
 * wp-config.php, and its wp-content can take our plugins.
 */
export async function installWordPress({
  dir,
  socket,
  url,
  purge,
  preview: previewOptions,
  formsSecret = DEFAULT_FORMS_SECRET,
  seed = true,
  plugins = [PLUGIN_SOURCE],
  muPlugins = [SHIM, CF7_SHIM],
  source = DEBIAN_WORDPRESS,
}) {
  const t0 = performance.now();
  const preview = previewSettings(purge, previewOptions);
  const abspath = join(dir, 'wordpress');
  execFileSync('cp', ['-a', source, abspath]);
  await rm(join(abspath, 'wp-config.php'), { force: true });
  const debugLog = join(dir, 'debug.log');
  const overridesFile = join(dir, 'ffr-purge-overrides.json');
  await writeFile(join(abspath, 'wp-config.php'), wpConfig({ socket, url, purge, preview, formsSecret, debugLog, overridesFile }));
  const muDir = join(abspath, 'wp-content', 'mu-plugins');
  await mkdir(muDir, { recursive: true });
  await mkdir(join(abspath, 'wp-content', 'uploads'), { recursive: true });
  await writeFile(join(muDir, 'ffr-local.php'), LOCAL_MU_PLUGIN);
  for (const file of muPlugins) await cp(file, join(muDir, file.split('/').pop()));
  for (const folder of plugins) await cp(folder, join(abspath, 'wp-content', 'plugins', folder.split('/').pop()), { recursive: true });
  const copySeconds = seconds(t0);

  const t1 = performance.now();
  const users = {
    admin: { login: 'admin', password: randomBytes(12).toString('hex') },
    editor: { login: 'redaction', password: randomBytes(12).toString('hex') },
    // The worker's WP_PREVIEW_CREDENTIALS: an editor whose application password is the configured one.
    preview: { login: preview.login, password: randomBytes(12).toString('hex'), applicationPassword: preview.password },
  };
  const options = {
    url,
    title: 'FFR Presse',
    description: 'La salle de presse de la Fédération française de rugby',
    adminPassword: users.admin.password,
    editorPassword: users.editor.password,
    seed,
    activate: plugins.map((folder) => `${folder.split('/').pop()}/${folder.split('/').pop()}.php`),
  };
  const installer = `${root}scripts/wordpress/install.php`;
  const installed = php([installer, abspath, 'install'], options, debugLog);
  const configured = php([installer, abspath, 'configure'], options, debugLog);
  users.admin.id = installed.userId;
  users.admin.applicationPassword = configured.applicationPasswords.admin;
  users.editor.id = configured.editorId;
  users.editor.applicationPassword = configured.applicationPasswords.redaction;
  const previewUserScript = join(dir, 'preview-user.php');
  await writeFile(previewUserScript, PREVIEW_USER_SCRIPT);
  users.preview.id = php(
    [previewUserScript, abspath, url],
    { login: preview.login, password: users.preview.password, applicationPassword: preview.password },
    debugLog,
  ).id;
  return { abspath, debugLog, overridesFile, users, preview, categories: configured.categories, copySeconds, installSeconds: seconds(t1) };
}

/** `php -S` on the copy. Several workers: the worker calls back into WordPress while a PHP request may itself be calling the worker. */
export async function startPhpServer({ abspath, port, logFile }) {
  const t0 = performance.now();
  const log = openSync(logFile, 'a');
  const server = start(
    'php',
    [
      '-d',
      'opcache.enable_cli=1',
      '-d',
      'memory_limit=256M',
      '-S',
      `127.0.0.1:${port}`,
      '-t',
      abspath,
      `${root}scripts/wordpress/router.php`,
    ],
    {
      env: { PHP_CLI_SERVER_WORKERS: '4' },
      log,
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      const r = await fetch(`${url}/wp-json/ffr/v1/settings`, { signal: AbortSignal.timeout(5000) });
      return r.ok;
    },
    { timeoutMs: 30_000, what: 'php -S', died: () => server.exitCode !== null && tail(logFile) },
  );
  return { url, seconds: seconds(t0), stop: () => stopProcess(server) };
}

/**
 * Everything: packages, MariaDB, the WordPress copy installed and configured, php -S. The purge
 * plugin is active and points at `purge.url` with `purge.secret`; it signs preview and embargo links
 * for `preview.siteUrl` (the purge URL's origin by default) with `preview.secret`, and
 * `preview.credentials` (login:password, the worker's WP_PREVIEW_CREDENTIALS) is an editor with that
 * application password. Without `preview`, .dev.vars.example's values.
 */
export async function startWordPress({
  port = wordpressPort,
  purge,
  preview,
  formsSecret = DEFAULT_FORMS_SECRET,
  seed = true,
  source = DEBIAN_WORDPRESS,
  log = console.log,
} = {}) {
  const t0 = performance.now();
  const packages = ensurePackages();
  const dir = await mkdtemp(join(tmpdir(), 'ffr-wordpress-'));
  folders.add(dir);
  const url = `http://127.0.0.1:${port}`;
  const stops = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => {});
    stops.length = 0;
    await rm(dir, { recursive: true, force: true });
    folders.delete(dir);
  };
  try {
    const db = await startMariaDb(join(dir, 'mysql'));
    stops.push(db.stop);
    const wp = await installWordPress({ dir, socket: db.socket, url, purge, preview, formsSecret, seed, source });
    const server = await startPhpServer({ abspath: wp.abspath, port, logFile: join(dir, 'php-server.log') });
    stops.push(server.stop);
    const timings = {
      packages: packages.seconds,
      packagesInstalled: packages.installed,
      mariadbInstall: db.installSeconds,
      mariadbStart: db.startSeconds,
      copy: wp.copySeconds,
      wordpressInstall: wp.installSeconds,
      phpServer: server.seconds,
      total: seconds(t0),
    };
    log(
      `WordPress prêt en ${timings.total} s — paquets ${packages.installed ? `installés en ${timings.packages} s` : `déjà là (${timings.packages} s)`}, ` +
        `mariadb-install-db ${timings.mariadbInstall} s, mariadbd ${timings.mariadbStart} s, copie ${timings.copy} s, ` +
        `wp_install et contenu ${timings.wordpressInstall} s, php -S ${timings.phpServer} s`,
    );
    return {
      url,
      dir,
      abspath: wp.abspath,
      debugLog: wp.debugLog,
      overridesFile: wp.overridesFile,
      socket: db.socket,
      users: wp.users,
      preview: { siteUrl: wp.preview.siteUrl, secret: wp.preview.secret, credentials: `${wp.preview.login}:${wp.preview.password}` },
      categories: wp.categories,
      timings,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // The worker's secrets, as `npm start` gives them (.dev.vars, else the example it is copied from).
  const varsFile = existsSync(`${root}.dev.vars`) ? `${root}.dev.vars` : `${root}.dev.vars.example`;
  const varsText = readFileSync(varsFile, 'utf8');
  const devVar = (name) => new RegExp(`^${name}=(.*)$`, 'm').exec(varsText)?.[1]?.trim() || undefined;
  const secret = devVar('PURGE_SECRET');
  if (!secret) throw new Error(`PURGE_SECRET absent de ${varsFile}`);
  const sitePort = Number(process.env.PORT ?? 8787);
  const wp = await startWordPress({
    purge: { url: `http://127.0.0.1:${sitePort}/api/purge`, secret },
    preview: {
      secret: devVar('PREVIEW_SECRET') ?? DEFAULT_PREVIEW_SECRET,
      credentials: devVar('WP_PREVIEW_CREDENTIALS') ?? DEFAULT_PREVIEW_CREDENTIALS,
    },
    formsSecret: devVar('FORMS_SECRET') ?? DEFAULT_FORMS_SECRET,
  });
  console.log(`
  WordPress       ${wp.url}/wp-admin/   admin / ${wp.users.admin.password}   redaction (éditeur) / ${wp.users.editor.password}
  ffr/v1          ${wp.url}/wp-json/ffr/v1/posts
  Listes          ${wp.url}/wp-content/uploads/newsroom/last_posts.json
  Purge           http://127.0.0.1:${sitePort}/api/purge (PURGE_SECRET de .dev.vars)
  Aperçus         liens signés pour ${wp.preview.siteUrl} (PREVIEW_SECRET de .dev.vars), brouillons lus par ${wp.users.preview.login} (WP_PREVIEW_CREDENTIALS)
  Le site sur ce WordPress (recherche et connexion sur l'amont local, npm run upstream) :
    npx wrangler dev --port ${sitePort} --var WP_API_URL:${wp.url}/wp-json --var STATIC_LISTS_URL:${wp.url}/wp-content/uploads/newsroom
  Dossier         ${wp.dir} (supprimé à l'arrêt)
  Ctrl-C arrête tout.
`);
  const shutdown = async () => {
    await wp.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
