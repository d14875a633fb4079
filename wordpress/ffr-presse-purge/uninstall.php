<?php
/**
 * Deleting the plugin from Extensions leaves nothing behind: queue, results, retry event.
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

foreach ( array( 'ffr_presse_purge_queue', 'ffr_presse_purge_last_result', 'ffr_presse_purge_last_error' ) as $ffr_presse_purge_option ) {
	delete_option( $ffr_presse_purge_option );
}
wp_clear_scheduled_hook( 'ffr_presse_purge_retry' );
