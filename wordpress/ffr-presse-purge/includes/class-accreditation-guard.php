<?php
/**
 * Accreditation requests come only from the press site, in the name of the signed-in journalist.
 *
 * The site asks for a journalist's session and sends the identity from their profile; but Contact
 * Form 7's feedback route is public (permission_callback __return_true, includes/rest-api.php), so
 * without this guard anyone could post an accreditation request in anyone's name straight to
 * WordPress. A post to one of the six accreditation forms must carry the site's signature:
 *
 *   _ffr_signed_at  the signing time, Unix seconds, within 5 minutes of this server's clock
 *   _ffr_signature  base64url, unpadded, of HMAC-SHA256( FFR_PRESSE_FORMS_SECRET,
 *                   "ffr-presse:accreditation:{form slug}:{signed_at}" . "\n{value}" for each of
 *                   nom, prenom, email, media, carte-presse — as posted, an absent one empty )
 *
 * (the worker's src/features/forms/accreditation-signature.server.ts). Refused:
 * - through the REST route, before Contact Form 7 reads the post (rest_request_before_callbacks):
 *   403, code ffr_presse_unsigned_accreditation, a French message; no mail, nothing stored;
 * - through any other door CF7 opens (its non-JavaScript post on a page holding the form): as spam
 *   (the wpcf7_spam filter, includes/submission.php), so no mail either.
 * Without FFR_PRESSE_FORMS_SECRET every accreditation request is refused, and administrators are
 * told what to add. The contact forms stay open to everyone.
 */

namespace FFRPresse\Purge;

defined( 'ABSPATH' ) || exit;

final class Accreditation_Guard {
	/** The six accreditation forms, by their slugs in Contact Form 7 (SPEC §2). */
	const FORMS = array(
		'evenements-presse',
		'accreditation-evenements-presse',
		'rencontres-internationales',
		'accreditation-rencontres-internationales',
		'media-francais-sans-carte',
		'accreditation-media-francais-sans-carte',
	);

	const IDENTITY_FIELDS = array( 'nom', 'prenom', 'email', 'media', 'carte-presse' );

	const WINDOW_SECONDS = 300;

	/** The worker's FORMS_SECRET is at least this long. */
	const MIN_SECRET_LENGTH = 32;

	const FORM_POST_TYPE = 'wpcf7_contact_form';

	const ROUTE = '#^/contact-form-7/v1/contact-forms/(\d+)/feedback/?$#';

	/** @param string[] $secrets the current secret, then the previous one during a rotation. */
	public function __construct( private array $secrets ) {}

	public function register(): void {
		add_filter( 'rest_request_before_callbacks', array( $this, 'guard_rest' ), 10, 3 );
		add_filter( 'wpcf7_spam', array( $this, 'guard_submission' ), 10, 2 );
	}

	/**
	 * The secrets from wp-config.php: FFR_PRESSE_FORMS_SECRET, and FFR_PRESSE_FORMS_SECRET_PREVIOUS
	 * while the worker's is being replaced. Unusable ones (absent, too short) are left out.
	 */
	public static function configured_secrets(): array {
		$secrets = array();
		foreach ( array( 'FFR_PRESSE_FORMS_SECRET', 'FFR_PRESSE_FORMS_SECRET_PREVIOUS' ) as $name ) {
			if ( defined( $name ) && is_string( constant( $name ) ) && strlen( constant( $name ) ) >= self::MIN_SECRET_LENGTH ) {
				$secrets[] = constant( $name );
			}
		}
		return $secrets;
	}

	/** The accreditation form's slug for a CF7 form id, null for any other form or post. */
	public static function accreditation_form( int $id ): ?string {
		$post = get_post( $id );
		if ( ! $post || self::FORM_POST_TYPE !== $post->post_type || ! in_array( $post->post_name, self::FORMS, true ) ) {
			return null;
		}
		return $post->post_name;
	}

	/**
	 * @param mixed            $response what an earlier filter decided (a WP_Error stays as it is).
	 * @param array            $handler  the route's handler.
	 * @param \WP_REST_Request $request  the request.
	 */
	public function guard_rest( $response, $handler, $request ) {
		if ( is_wp_error( $response ) || 'POST' !== $request->get_method() || ! preg_match( self::ROUTE, $request->get_route(), $m ) ) {
			return $response;
		}
		$form = self::accreditation_form( (int) $m[1] );
		// Only the body: Contact Form 7 reads $_POST, never the query string.
		if ( null === $form || $this->signed( $form, (array) $request->get_body_params() ) ) {
			return $response;
		}
		return new \WP_Error( 'ffr_presse_unsigned_accreditation', self::refusal(), array( 'status' => 403 ) );
	}

	/**
	 * @param bool   $spam       what CF7 and earlier filters decided.
	 * @param object $submission WPCF7_Submission.
	 */
	public function guard_submission( $spam, $submission ) {
		if ( $spam || ! is_object( $submission ) || ! method_exists( $submission, 'get_contact_form' ) ) {
			return $spam;
		}
		$form = $submission->get_contact_form();
		$slug = is_object( $form ) && method_exists( $form, 'id' ) ? self::accreditation_form( (int) $form->id() ) : null;
		// CF7 checked its own nonce before asking; the signature is what is checked here.
		return null === $slug ? $spam : ! $this->signed( $slug, wp_unslash( $_POST ) );
	}

	public static function refusal(): string {
		return __( 'This accreditation request was not sent by the FFR press site. Sign in to your FFR account on the press site to send it.', 'ffr-presse-purge' );
	}

	public static function sign( string $secret, string $form, int $signed_at, array $posted ): string {
		$message = 'ffr-presse:accreditation:' . $form . ':' . $signed_at;
		foreach ( self::IDENTITY_FIELDS as $name ) {
			$message .= "\n" . ( isset( $posted[ $name ] ) && is_string( $posted[ $name ] ) ? $posted[ $name ] : '' );
		}
		return rtrim( strtr( base64_encode( hash_hmac( 'sha256', $message, $secret, true ) ), '+/', '-_' ), '=' );
	}

	/** Whether the posted fields carry the site's signature over this form, their identity and a time near now. */
	public function signed( string $form, array $posted ): bool {
		$signed_at = $posted['_ffr_signed_at'] ?? '';
		$signature = $posted['_ffr_signature'] ?? '';
		if ( ! is_string( $signed_at ) || ! is_string( $signature ) || ! preg_match( '/^\d{1,12}$/', $signed_at ) || ! preg_match( '/^[A-Za-z0-9_-]{43}$/', $signature ) ) {
			return false;
		}
		if ( abs( time() - (int) $signed_at ) > self::WINDOW_SECONDS ) {
			return false;
		}
		foreach ( $this->secrets as $secret ) {
			if ( hash_equals( self::sign( $secret, $form, (int) $signed_at, $posted ), $signature ) ) {
				return true;
			}
		}
		return false;
	}
}
