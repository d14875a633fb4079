<?php
/**
 * Plugin Name:       FFR Presse — cache purge
 * Description:       Tells the FFR Presse site (a Cloudflare Worker) about every publication and every change of category, menu, settings or form, so that its pages are refreshed on the next request. Signs the preview links of drafts and the embargoed links of scheduled posts. Fills the event lists of the accreditation forms (Contact Form 7) and takes their requests only from the site. Tells the site when a journalist’s status or mail consent changes, for its press alerts, which a minor correction can skip.
 * Version:           1.5.0
 * Requires at least: 6.1
 * Requires PHP:      8.0
 * Update URI:        false
 * Author:            Fédération française de rugby
 * License:           GPL-2.0-or-later
 * Text Domain:       ffr-presse-purge
 * Domain Path:       /languages
 *
 * Configuration, in wp-config.php:
 *   define( 'FFR_PRESSE_PURGE_URL', 'https://presse.ffr.fr/api/purge' );
 *   define( 'FFR_PRESSE_PURGE_SECRET', '…' );      // the worker's PURGE_SECRET
 *   define( 'FFR_PRESSE_PURGE_TIMEOUT', 8 );        // optional, seconds
 *   define( 'FFR_PRESSE_SITE_URL', 'https://presse.ffr.fr' );   // the site's public origin
 *   define( 'FFR_PRESSE_PREVIEW_SECRET', '…' );    // the worker's PREVIEW_SECRET, 32 characters or more
 *   define( 'FFR_PRESSE_PREVIEW_TTL', 3600 );       // optional, seconds a preview link stays valid
 *   define( 'FFR_PRESSE_EVENT_POST_TYPE', 'evenement' );   // optional, the post type of the events
 *   define( 'FFR_PRESSE_FORMS_SECRET', '…' );      // the worker's FORMS_SECRET, 32 characters or more
 *
 * « Update URI: false »: the plugin is the federation's own, not on wordpress.org; without it
 * WordPress would offer as an update any wordpress.org plugin that took the same slug.
 *
 * The purge and the signed links are configured apart: each works without the other. The
 * accreditation forms' event lists (includes/class-accreditation-events.php) need no constant. The
 * account notices (includes/class-account-notices.php) go through the purge's Sender, with its constants.
 * Works as a regular plugin or as a must-use plugin (see readme.txt).
 */

namespace FFRPresse\Purge;

defined( 'ABSPATH' ) || exit;

const VERSION     = '1.5.0';
const PLUGIN_FILE = __FILE__;
const TEXT_DOMAIN = 'ffr-presse-purge';

const PURGE_CONSTANTS   = array( 'FFR_PRESSE_PURGE_URL', 'FFR_PRESSE_PURGE_SECRET' );
const PREVIEW_CONSTANTS = array( 'FFR_PRESSE_SITE_URL', 'FFR_PRESSE_PREVIEW_SECRET' );
const FORMS_CONSTANTS   = array( 'FFR_PRESSE_FORMS_SECRET' );

require_once __DIR__ . '/includes/class-sender.php';
require_once __DIR__ . '/includes/class-triggers.php';
require_once __DIR__ . '/includes/class-admin.php';
require_once __DIR__ . '/includes/class-preview-links.php';
require_once __DIR__ . '/includes/class-embargo.php';
require_once __DIR__ . '/includes/class-accreditation-events.php';
require_once __DIR__ . '/includes/class-accreditation-guard.php';
require_once __DIR__ . '/includes/class-no-alert.php';
require_once __DIR__ . '/includes/class-account-notices.php';

/** The purge constants that are missing or empty, by name. */
function missing_constants(): array {
	$missing = array();
	foreach ( PURGE_CONSTANTS as $name ) {
		if ( ! defined( $name ) || ! is_string( constant( $name ) ) || '' === trim( constant( $name ) ) ) {
			$missing[] = $name;
		}
	}
	return $missing;
}

/**
 * The signed-link constants that are missing or unusable, by name: the site's origin must be an
 * http(s) address, the secret as long as the worker asks (Preview_Links::MIN_SECRET_LENGTH).
 */
function missing_preview_constants(): array {
	$missing = array();
	if ( ! defined( 'FFR_PRESSE_SITE_URL' ) || null === Preview_Links::origin( FFR_PRESSE_SITE_URL ) ) {
		$missing[] = 'FFR_PRESSE_SITE_URL';
	}
	if ( ! defined( 'FFR_PRESSE_PREVIEW_SECRET' ) || ! is_string( FFR_PRESSE_PREVIEW_SECRET ) || strlen( FFR_PRESSE_PREVIEW_SECRET ) < Preview_Links::MIN_SECRET_LENGTH ) {
		$missing[] = 'FFR_PRESSE_PREVIEW_SECRET';
	}
	return $missing;
}

function timeout(): float {
	// The site answers once the purge holds everywhere: its bound (PURGE_BOUND_MS, 3 s) after the
	// purge object stored it, which it refuses to wait for past 4 s (src/cache/tags.server.ts). 8 s
	// leaves room for the trip; a shorter wait would count every purge as failed and retry it.
	$value = defined( 'FFR_PRESSE_PURGE_TIMEOUT' ) ? (float) FFR_PRESSE_PURGE_TIMEOUT : 8.0;
	return $value > 0 ? min( $value, 30.0 ) : 8.0;
}

/** How long a preview link stays valid, in seconds: 1 hour unless FFR_PRESSE_PREVIEW_TTL says otherwise, 30 days at most. */
function preview_ttl(): int {
	$value = defined( 'FFR_PRESSE_PREVIEW_TTL' ) ? (int) FFR_PRESSE_PREVIEW_TTL : Preview_Links::DEFAULT_TTL;
	return $value > 0 ? min( $value, Preview_Links::MAX_TTL ) : Preview_Links::DEFAULT_TTL;
}

/**
 * The plugin's translations: the site's own copy first (wp-content/languages/plugins, where a
 * translation platform puts it), then the one shipped in languages/. By path rather than with
 * load_plugin_textdomain(), which only knows wp-content/plugins: the plugin may be a must-use one.
 * WordPress 6.5 and later read the .l10n.php file beside a .mo when there is one (no gettext needed);
 * earlier versions read the .mo.
 */
function load_translations(): void {
	$locale = apply_filters( 'plugin_locale', is_locale_switched() ? get_locale() : determine_locale(), TEXT_DOMAIN ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals -- core's hook
	unload_textdomain( TEXT_DOMAIN );
	load_textdomain( TEXT_DOMAIN, WP_LANG_DIR . '/plugins/' . TEXT_DOMAIN . '-' . $locale . '.mo' );
	load_textdomain( TEXT_DOMAIN, __DIR__ . '/languages/' . TEXT_DOMAIN . '-' . $locale . '.mo' );
}

function boot(): void {
	// Every string is translated after init (notices, admin bar, meta box, REST): nothing needs them earlier.
	add_action( 'init', __NAMESPACE__ . '\load_translations', 1 );
	// switch_to_locale() (a mail in the recipient's language, a user's own locale) reloads them.
	add_action( 'change_locale', __NAMESPACE__ . '\load_translations' );
	( new Accreditation_Events() )->register();
	// Always on: without its secret, the guard refuses every accreditation request (fail closed).
	$form_secrets = Accreditation_Guard::configured_secrets();
	( new Accreditation_Guard( $form_secrets ) )->register();
	// The box and its meta whatever the configuration: a REST save that carries the meta must not
	// be refused because the purge is not configured.
	( new No_Alert() )->register();

	$missing = array_merge( missing_constants(), missing_preview_constants(), $form_secrets ? array() : FORMS_CONSTANTS );
	$sender  = null;
	if ( ! array_intersect( PURGE_CONSTANTS, $missing ) ) {
		$sender = new Sender( trim( FFR_PRESSE_PURGE_URL ), FFR_PRESSE_PURGE_SECRET, timeout() );
		$sender->register();
		( new Triggers( $sender ) )->register();
		( new Account_Notices( $sender ) )->register();
		( new Admin( $sender ) )->register();
	}
	if ( ! array_intersect( PREVIEW_CONSTANTS, $missing ) ) {
		$links = new Preview_Links( (string) Preview_Links::origin( FFR_PRESSE_SITE_URL ), FFR_PRESSE_PREVIEW_SECRET, preview_ttl() );
		$links->register();
		( new Embargo( $links ) )->register();
	}
	if ( $missing ) {
		( new Admin( $sender ) )->register_missing_configuration( $missing );
	}
}

boot();

register_deactivation_hook( __FILE__, array( Sender::class, 'deactivate' ) );
