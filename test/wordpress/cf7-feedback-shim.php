<?php
/**
 * Plugin Name: Contact Form 7 feedback route (tests)
 * Description: Test only. Contact Form 7 cannot be installed here (Debian has no package of it), so its public feedback route is registered as CF7 registers it (contact-form-7/v1, /contact-forms/(?P<id>\d+)/feedback, POST, permission_callback __return_true; includes/rest-api.php), with a callback that stands for CF7 sending the form's mail: it keeps the posted fields in an option the tests read. WordPress core, which runs the federation plugin's guard before the callback, is the real one.
 */

namespace FFRPresse\Cf7Shim;

defined( 'ABSPATH' ) || exit;

const MAILS = 'ffr_test_cf7_mails';

add_action(
	'rest_api_init',
	function () {
		if ( class_exists( 'WPCF7' ) ) {
			return;
		}
		register_rest_route(
			'contact-form-7/v1',
			'/contact-forms/(?P<id>\d+)/feedback',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => '__return_true',
				'callback'            => function ( \WP_REST_Request $request ) {
					$id    = (int) $request->get_param( 'id' );
					$mails = (array) get_option( MAILS, array() );
					$body  = $request->get_body_params();
					unset( $body['_ffr_signature'] );
					$mails[] = array(
						'form'   => $id,
						'fields' => $body,
					);
					update_option( MAILS, $mails, false );
					return array(
						'contact_form_id' => $id,
						'status'          => 'mail_sent',
						'message'         => 'Merci pour votre message. Il a été envoyé.',
						'posted_data_hash' => md5( wp_json_encode( $body ) ),
						'into'            => '#wpcf7-f' . $id . '-o1',
						'invalid_fields'  => array(),
					);
				},
			)
		);
	}
);
