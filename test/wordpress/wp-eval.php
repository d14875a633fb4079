<?php
/**
 * Runs PHP code from stdin inside the test WordPress, as `wp eval` would (Debian has no wp-cli):
 *   php wp-eval.php <ABSPATH> [user login]
 * The code's return value is printed as JSON after a marker; whatever the plugin does at shutdown
 * (sending its purges) happens after, before the process ends.
 */

$_SERVER['HTTP_HOST']       = '127.0.0.1';
$_SERVER['REQUEST_URI']     = '/';
$_SERVER['REQUEST_METHOD']  = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
require rtrim( $argv[1], '/' ) . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';

// This machine sends no mail: what wp_mail() is given is kept as the test site's outbox, in a file
// (an option would be a settings change, which the plugin purges for).
add_filter(
	'pre_wp_mail',
	static function ( $short_circuit, array $atts ) {
		$file     = ABSPATH . 'ffr-test-outbox.json';
		$outbox   = file_exists( $file ) ? json_decode( (string) file_get_contents( $file ), true ) : array();
		$outbox[] = array(
			'to'      => is_array( $atts['to'] ) ? implode( ', ', $atts['to'] ) : $atts['to'],
			'subject' => $atts['subject'],
			'message' => $atts['message'],
		);
		file_put_contents( $file, wp_json_encode( $outbox, JSON_UNESCAPED_UNICODE ) );
		return true;
	},
	10,
	2
);

if ( ! empty( $argv[2] ) ) {
	wp_set_current_user( get_user_by( 'login', $argv[2] )->ID );
}
$ffr_eval_result = eval( stream_get_contents( STDIN ) );
echo "\n@@FFR-RESULT@@" . wp_json_encode( $ffr_eval_result, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) . "\n";
