<?php
/**
 * What editors see: the failure notice, the missing-configuration notices (purge, signed links),
 * and the administrators' « Purger le cache du site » in the admin bar. Strings are written in
 * English and translated (text domain ffr-presse-purge, French in languages/).
 */

namespace FFRPresse\Purge;

defined( 'ABSPATH' ) || exit;

final class Admin {
	const ACTION        = 'ffr_presse_purge';
	const NODE          = 'ffr-presse-purge';
	const RESULT_PREFIX = 'ffr_presse_purge_manual_';

	// French typography lives in the French translation (languages/ffr-presse-purge-fr_FR.po): a
	// no-break space (U+00A0) before « : », narrow ones (U+202F) before « ; ! ? » and inside « ».

	public function __construct( private ?Sender $sender ) {}

	public function register(): void {
		add_action( 'admin_notices', array( $this, 'failure_notice' ) );
		add_action( 'admin_notices', array( $this, 'manual_result_notice' ) );
		add_action( 'admin_bar_menu', array( $this, 'admin_bar' ), 100 );
		add_action( 'admin_post_' . self::ACTION, array( $this, 'manual_purge' ) );
	}

	public function register_missing_configuration( array $missing ): void {
		add_action(
			'admin_notices',
			function () use ( $missing ) {
				if ( current_user_can( 'manage_options' ) ) {
					echo self::missing_configuration_html( $missing ); // phpcs:ignore WordPress.Security.EscapeOutput -- built escaped
				}
			}
		);
	}

	/** One notice for the purge, one for the signed links, one for the accreditation forms, each with the lines to add. */
	public static function missing_configuration_html( array $missing ): string {
		$html  = '';
		$purge = array_values( array_intersect( $missing, PURGE_CONSTANTS ) );
		if ( $purge ) {
			$html .= self::configuration_notice(
				__( 'FFR Presse: the cache purge is not configured, the site will not be refreshed after a publication. Add to wp-config.php:', 'ffr-presse-purge' ),
				$purge,
				__( 'FFR_PRESSE_PURGE_TIMEOUT (in seconds, 8 by default) is optional.', 'ffr-presse-purge' )
			);
		}
		$preview = array_values( array_intersect( $missing, PREVIEW_CONSTANTS ) );
		if ( $preview ) {
			$html .= self::configuration_notice(
				__( 'FFR Presse: preview and embargoed links are not configured, drafts are previewed by WordPress itself. Add to wp-config.php:', 'ffr-presse-purge' ),
				$preview,
				__( 'FFR_PRESSE_PREVIEW_TTL (how long a preview link stays valid, in seconds, 3600 by default) is optional.', 'ffr-presse-purge' )
			);
		}
		$forms = array_values( array_intersect( $missing, FORMS_CONSTANTS ) );
		if ( $forms ) {
			$html .= self::configuration_notice(
				__( 'FFR Presse: the accreditation forms refuse every request, since the site’s signature cannot be checked. Add to wp-config.php:', 'ffr-presse-purge' ),
				$forms,
				__( 'FFR_PRESSE_FORMS_SECRET_PREVIOUS (the previous secret, while the site’s is being replaced) is optional.', 'ffr-presse-purge' )
			);
		}
		return $html;
	}

	private static function configuration_notice( string $intro, array $missing, string $optional ): string {
		$examples = array(
			'FFR_PRESSE_PURGE_URL'      => "define( 'FFR_PRESSE_PURGE_URL', 'https://presse.ffr.fr/api/purge' );",
			'FFR_PRESSE_PURGE_SECRET'   => "define( 'FFR_PRESSE_PURGE_SECRET', '" . __( 'the site’s PURGE_SECRET', 'ffr-presse-purge' ) . "' );",
			'FFR_PRESSE_SITE_URL'       => "define( 'FFR_PRESSE_SITE_URL', 'https://presse.ffr.fr' );",
			'FFR_PRESSE_PREVIEW_SECRET' => "define( 'FFR_PRESSE_PREVIEW_SECRET', '" . __( 'the site’s PREVIEW_SECRET, 32 characters or more', 'ffr-presse-purge' ) . "' );",
			'FFR_PRESSE_FORMS_SECRET'   => "define( 'FFR_PRESSE_FORMS_SECRET', '" . __( 'the site’s FORMS_SECRET, 32 characters or more', 'ffr-presse-purge' ) . "' );",
		);
		$lines = '';
		foreach ( $missing as $name ) {
			$lines .= esc_html( $examples[ $name ] ?? "define( '$name', '…' );" ) . "\n";
		}
		return '<div class="notice notice-warning ffr-presse-purge-notice"><p>'
			. esc_html( $intro )
			. '</p><pre>' . $lines . '</pre><p>'
			. esc_html( $optional )
			. '</p></div>';
	}

	/** The date of the notices, in the site's time zone: « 23/11/2026 » in French. */
	public static function day_text( int $time ): string {
		/* translators: PHP date format of the notices' dates (https://www.php.net/manual/datetime.format.php). */
		return wp_date( __( 'Y-m-d', 'ffr-presse-purge' ), $time );
	}

	/** The time of the notices, in the site's time zone: « 14h05 » in French. */
	public static function time_text( int $time ): string {
		/* translators: PHP date format of the notices' times (https://www.php.net/manual/datetime.format.php). */
		return wp_date( __( 'H:i', 'ffr-presse-purge' ), $time );
	}

	/** « le 23/11/2026 à 14h05 » in French, in the site's time zone. */
	public static function when( int $time ): string {
		/* translators: 1: a date, 2: a time. */
		return sprintf( __( 'on %1$s at %2$s', 'ffr-presse-purge' ), self::day_text( $time ), self::time_text( $time ) );
	}

	/** « 401 Signature absente, invalide ou expirée. », or the transport error. */
	private static function detail( array $result ): string {
		if ( ! empty( $result['status'] ) ) {
			return trim( $result['status'] . ' ' . ( $result['message'] ?? '' ) );
		}
		$error = (string) ( $result['error'] ?? '' );
		return '' !== $error ? $error : __( 'unknown error', 'ffr-presse-purge' );
	}

	/** A failure a retry cannot fix (a 4xx other than 408 and 429): none is made. */
	private static function refused( array $result ): bool {
		return ! empty( $result['refused'] ) || ! Sender::is_retryable( (int) ( $result['status'] ?? 0 ) );
	}

	/** « FFR Presse : la purge du cache a échoué (…) le … à …. » or, for an answer a retry cannot change, « … a refusé … ». */
	private static function failure_text( array $result ): string {
		if ( self::refused( $result ) ) {
			/* translators: 1: the HTTP status and the site's message, 2: when (« on 23/11/2026 at 14:05 »). */
			return sprintf( __( 'FFR Presse: the site refused the cache purge (%1$s) %2$s.', 'ffr-presse-purge' ), self::detail( $result ), self::when( (int) $result['time'] ) )
				. ' ' . __( 'Trying again would get the same answer: no automatic retry. Check FFR_PRESSE_PURGE_URL and FFR_PRESSE_PURGE_SECRET in wp-config.php (the site’s PURGE_SECRET).', 'ffr-presse-purge' );
		}
		/* translators: 1: the HTTP status and the site's message, or the network error, 2: when (« on 23/11/2026 at 14:05 »). */
		return sprintf( __( 'FFR Presse: the cache purge failed (%1$s) %2$s.', 'ffr-presse-purge' ), self::detail( $result ), self::when( (int) $result['time'] ) );
	}

	public function failure_notice(): void {
		if ( ! current_user_can( 'edit_posts' ) ) {
			return;
		}
		$error = get_option( Sender::LAST_ERROR_OPTION );
		if ( ! is_array( $error ) || empty( $error['time'] ) ) {
			return;
		}
		$text = self::failure_text( $error );
		if ( self::refused( $error ) ) {
			$text .= ' ' . ( current_user_can( 'manage_options' )
				? __( 'Once it is fixed, use “Purge the site cache” in the admin bar.', 'ffr-presse-purge' )
				: __( 'Tell an administrator.', 'ffr-presse-purge' ) );
		} elseif ( ! empty( $error['retry'] ) ) {
			$text .= ' ' . __( 'Another attempt is scheduled.', 'ffr-presse-purge' );
		} else {
			$text .= ' ' . __( 'The automatic retries failed: the site may show old content for a few minutes.', 'ffr-presse-purge' ) . ' '
				. ( current_user_can( 'manage_options' )
					? __( 'Use “Purge the site cache” in the admin bar once the site can be reached.', 'ffr-presse-purge' )
					: __( 'Tell an administrator.', 'ffr-presse-purge' ) );
		}
		echo '<div class="notice notice-error ffr-presse-purge-notice" role="alert"><p>' . esc_html( $text ) . '</p></div>';
	}

	private static function result_key(): string {
		return self::RESULT_PREFIX . get_current_user_id();
	}

	private static function manual_result_text( array $result ): string {
		if ( $result['ok'] ) {
			/* translators: %s: when (« on 23/11/2026 at 14:05 »). */
			return sprintf( __( 'FFR Presse: the site cache was purged %s. Pages will be refreshed on the next visit.', 'ffr-presse-purge' ), self::when( (int) $result['time'] ) );
		}
		$text = self::failure_text( $result );
		return self::refused( $result ) ? $text : $text . ' ' . __( 'Another attempt is scheduled.', 'ffr-presse-purge' );
	}

	/** Takes the result of this user's manual purge, once. */
	private static function take_manual_result(): ?array {
		$result = get_transient( self::result_key() );
		if ( ! is_array( $result ) ) {
			return null;
		}
		delete_transient( self::result_key() );
		return $result;
	}

	public function manual_result_notice(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$result = self::take_manual_result();
		if ( $result ) {
			$class = $result['ok'] ? 'notice-success' : 'notice-error';
			echo '<div class="notice ' . esc_attr( $class ) . ' is-dismissible ffr-presse-purge-notice" role="status"><p>' . esc_html( self::manual_result_text( $result ) ) . '</p></div>';
		}
	}

	/** @param \WP_Admin_Bar $bar */
	public function admin_bar( $bar ): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$bar->add_node(
			array(
				'id'    => self::NODE,
				'title' => esc_html__( 'Purge the site cache', 'ffr-presse-purge' ),
				'href'  => wp_nonce_url( admin_url( 'admin-post.php?action=' . self::ACTION ), self::ACTION ),
				'meta'  => array( 'title' => __( 'Asks the FFR Presse site to refresh all its pages on the next visit', 'ffr-presse-purge' ) ),
			)
		);
		// Outside the admin there are no admin notices: the result shows under the item instead.
		if ( ! is_admin() ) {
			$result = self::take_manual_result();
			if ( $result ) {
				$bar->add_node(
					array(
						'id'     => self::NODE . '-resultat',
						'parent' => self::NODE,
						'title'  => esc_html( self::manual_result_text( $result ) ),
					)
				);
			}
		}
	}

	public function manual_purge(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to purge the site cache.', 'ffr-presse-purge' ), 403 );
		}
		check_admin_referer( self::ACTION );
		$result = $this->sender->send(
			Sender::encode(
				array(
					'type'   => 'site',
					'action' => 'update',
					'reason' => 'manual',
				)
			)
		);
		if ( ! $result['ok'] && Sender::is_retryable( $result['status'] ) ) {
			$this->sender->add_to_retry_queue( $result['body'] );
		}
		set_transient( self::result_key(), $result, 10 * MINUTE_IN_SECONDS );
		wp_safe_redirect( wp_get_referer() ?: admin_url() );
		exit;
	}
}
