<?php
/**
 * Deleting the plugin from Extensions leaves nothing behind: queue, results, retry event, the record
 * of embargo links (the links themselves stay valid until their date: they are signed, not stored) and
 * the « Ne pas alerter les journalistes » boxes.
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

foreach ( array( 'ffr_presse_purge_queue', 'ffr_presse_purge_retry_at', 'ffr_presse_purge_retry_lock', 'ffr_presse_purge_last_result', 'ffr_presse_purge_last_error' ) as $ffr_presse_purge_option ) {
	delete_option( $ffr_presse_purge_option );
}
wp_clear_scheduled_hook( 'ffr_presse_purge_retry' );
delete_post_meta_by_key( '_ffr_presse_embargo_links' );
delete_post_meta_by_key( '_ffr_presse_no_alert' );
