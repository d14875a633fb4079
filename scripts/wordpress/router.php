<?php
/**
 * Router of `php -S` for the throw-away WordPress of scripts/wordpress/setup.mjs: what Apache's
 * rewrite rules do for WordPress. Existing files are served as they are, PHP files run, folders
 * get their index.php, and everything else goes to WordPress's index.php (pretty permalinks,
 * /wp-json/, the static lists computed by test/wordpress/ffr-v1-shim.php).
 *
 * It runs in the global scope, as WordPress expects of the files it requires: hence the prefix.
 */

$ffr_router_root = rtrim( $_SERVER['DOCUMENT_ROOT'], '/' );
$ffr_router_path = rawurldecode( (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
$ffr_router_file = null;

if ( ! str_contains( $ffr_router_path, '..' ) && file_exists( $ffr_router_root . $ffr_router_path ) ) {
	$ffr_router_file = $ffr_router_root . $ffr_router_path;
	if ( is_dir( $ffr_router_file ) ) {
		if ( ! str_ends_with( $ffr_router_path, '/' ) ) {
			header( 'Location: ' . $ffr_router_path . '/', true, 301 );
			return true;
		}
		$ffr_router_file = is_file( $ffr_router_file . 'index.php' ) ? $ffr_router_file . 'index.php' : null;
	} elseif ( ! str_ends_with( $ffr_router_file, '.php' ) ) {
		return false;
	}
}

if ( null === $ffr_router_file ) {
	$ffr_router_file = $ffr_router_root . '/index.php';
}

// WordPress tells admin screens apart by PHP_SELF (wp-includes/vars.php).
$_SERVER['SCRIPT_FILENAME'] = $ffr_router_file;
$_SERVER['SCRIPT_NAME']     = substr( $ffr_router_file, strlen( $ffr_router_root ) );
$_SERVER['PHP_SELF']        = $_SERVER['SCRIPT_NAME'];
chdir( dirname( $ffr_router_file ) );
require $ffr_router_file;
return true;
