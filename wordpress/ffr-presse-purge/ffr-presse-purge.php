<?php
/**
 * Plugin Name:       FFR Presse — purge du cache
 * Description:       Prévient le site FFR Presse (Cloudflare Worker) de chaque publication, modification de catégorie, de menu, de réglages ou de formulaire, pour que ses pages soient rafraîchies à la requête suivante.
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      8.2
 * Author:            Fédération française de rugby
 * License:           GPL-2.0-or-later
 *
 * Configuration, in wp-config.php:
 *   define( 'FFR_PRESSE_PURGE_URL', 'https://presse.ffr.fr/api/purge' );
 *   define( 'FFR_PRESSE_PURGE_SECRET', '…' );      // the worker's PURGE_SECRET
 *   define( 'FFR_PRESSE_PURGE_TIMEOUT', 3 );        // optional, seconds
 *
 * Works as a regular plugin or as a must-use plugin (see readme.txt).
 */

namespace FFRPresse\Purge;

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/includes/class-sender.php';
require_once __DIR__ . '/includes/class-triggers.php';
require_once __DIR__ . '/includes/class-admin.php';

/** The constants that are missing or empty, by name. */
function missing_constants(): array {
	$missing = array();
	foreach ( array( 'FFR_PRESSE_PURGE_URL', 'FFR_PRESSE_PURGE_SECRET' ) as $name ) {
		if ( ! defined( $name ) || ! is_string( constant( $name ) ) || '' === trim( constant( $name ) ) ) {
			$missing[] = $name;
		}
	}
	return $missing;
}

function timeout(): float {
	$value = defined( 'FFR_PRESSE_PURGE_TIMEOUT' ) ? (float) FFR_PRESSE_PURGE_TIMEOUT : 3.0;
	return $value > 0 ? min( $value, 30.0 ) : 3.0;
}

function boot(): void {
	$missing = missing_constants();
	if ( $missing ) {
		( new Admin( null ) )->register_missing_configuration( $missing );
		return;
	}
	$sender = new Sender( trim( FFR_PRESSE_PURGE_URL ), FFR_PRESSE_PURGE_SECRET, timeout() );
	$sender->register();
	( new Triggers( $sender ) )->register();
	( new Admin( $sender ) )->register();
}

boot();

register_deactivation_hook( __FILE__, array( Sender::class, 'deactivate' ) );
