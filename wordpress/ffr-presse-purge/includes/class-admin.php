<?php
/**
 * What editors see: the failure notice, the missing-configuration notices (purge, signed links),
 * and the administrators' « Purger le cache du site » in the admin bar.
 */

namespace FFRPresse\Purge;

defined( 'ABSPATH' ) || exit;

final class Admin {
	const ACTION        = 'ffr_presse_purge';
	const NODE          = 'ffr-presse-purge';
	const RESULT_PREFIX = 'ffr_presse_purge_manual_';

	// French typography: a non-breaking space before « : », narrow ones before « ; ! ? » and inside « ».
	const NBSP  = "\u{00A0}";
	const NNBSP = "\u{202F}";

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

	/** One notice for the purge, one for the signed links, each with the lines to add. */
	public static function missing_configuration_html( array $missing ): string {
		$html  = '';
		$purge = array_values( array_intersect( $missing, PURGE_CONSTANTS ) );
		if ( $purge ) {
			$html .= self::configuration_notice(
				'FFR Presse' . self::NBSP . ': la purge du cache n’est pas configurée, le site ne sera pas rafraîchi après une publication. Ajoutez à wp-config.php' . self::NBSP . ':',
				$purge,
				'FFR_PRESSE_PURGE_TIMEOUT (en secondes, 3 par défaut) est facultatif.'
			);
		}
		$preview = array_values( array_diff( $missing, PURGE_CONSTANTS ) );
		if ( $preview ) {
			$html .= self::configuration_notice(
				'FFR Presse' . self::NBSP . ': les liens d’aperçu et sous embargo ne sont pas configurés, l’aperçu des brouillons reste celui de WordPress. Ajoutez à wp-config.php' . self::NBSP . ':',
				$preview,
				'FFR_PRESSE_PREVIEW_TTL (durée de validité d’un lien d’aperçu en secondes, 3600 par défaut) est facultatif.'
			);
		}
		return $html;
	}

	private static function configuration_notice( string $intro, array $missing, string $optional ): string {
		$examples = array(
			'FFR_PRESSE_PURGE_URL'      => "define( 'FFR_PRESSE_PURGE_URL', 'https://presse.ffr.fr/api/purge' );",
			'FFR_PRESSE_PURGE_SECRET'   => "define( 'FFR_PRESSE_PURGE_SECRET', 'la valeur de PURGE_SECRET du site' );",
			'FFR_PRESSE_SITE_URL'       => "define( 'FFR_PRESSE_SITE_URL', 'https://presse.ffr.fr' );",
			'FFR_PRESSE_PREVIEW_SECRET' => "define( 'FFR_PRESSE_PREVIEW_SECRET', 'la valeur de PREVIEW_SECRET du site, 32 caractères au moins' );",
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

	/** « … le 23/11/2026 à 14h05 » in the site's time zone. */
	public static function when( int $time ): string {
		return 'le ' . wp_date( 'd/m/Y', $time ) . ' à ' . wp_date( 'G\hi', $time );
	}

	/** « 401 Signature absente, invalide ou expirée. », or the transport error. */
	private static function detail( array $result ): string {
		if ( ! empty( $result['status'] ) ) {
			return trim( $result['status'] . ' ' . ( $result['message'] ?? '' ) );
		}
		$error = (string) ( $result['error'] ?? '' );
		return '' !== $error ? $error : 'erreur inconnue';
	}

	public function failure_notice(): void {
		if ( ! current_user_can( 'edit_posts' ) ) {
			return;
		}
		$error = get_option( Sender::LAST_ERROR_OPTION );
		if ( ! is_array( $error ) || empty( $error['time'] ) ) {
			return;
		}
		$text = 'FFR Presse' . self::NBSP . ': la purge du cache a échoué (' . self::detail( $error ) . ') ' . self::when( (int) $error['time'] ) . '.';
		if ( ! empty( $error['retry'] ) ) {
			$text .= ' Nouvel essai automatique prévu.';
		} else {
			$text .= ' Les nouveaux essais automatiques ont échoué' . self::NBSP . ': le site peut montrer des contenus anciens pendant quelques minutes. '
				. ( current_user_can( 'manage_options' )
					? 'Utilisez «' . self::NNBSP . 'Purger le cache du site' . self::NNBSP . '» dans la barre d’administration une fois le site joignable.'
					: 'Prévenez un administrateur.' );
		}
		echo '<div class="notice notice-error ffr-presse-purge-notice" role="alert"><p>' . esc_html( $text ) . '</p></div>';
	}

	private static function result_key(): string {
		return self::RESULT_PREFIX . get_current_user_id();
	}

	private static function manual_result_text( array $result ): string {
		return $result['ok']
			? 'FFR Presse' . self::NBSP . ': le cache du site a été purgé ' . self::when( (int) $result['time'] ) . '. Les pages seront rafraîchies à la prochaine visite.'
			: 'FFR Presse' . self::NBSP . ': la purge du cache a échoué (' . self::detail( $result ) . ') ' . self::when( (int) $result['time'] ) . '. Nouvel essai automatique prévu.';
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
				'title' => 'Purger le cache du site',
				'href'  => wp_nonce_url( admin_url( 'admin-post.php?action=' . self::ACTION ), self::ACTION ),
				'meta'  => array( 'title' => 'Demande au site FFR Presse de rafraîchir toutes ses pages à la prochaine visite' ),
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
			wp_die( esc_html( 'Désolé, vous n’avez pas le droit de purger le cache du site.' ), 403 );
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
		if ( ! $result['ok'] ) {
			$this->sender->add_to_retry_queue( $result['body'] );
		}
		set_transient( self::result_key(), $result, 10 * MINUTE_IN_SECONDS );
		wp_safe_redirect( wp_get_referer() ?: admin_url() );
		exit;
	}
}
