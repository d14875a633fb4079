<?php
/**
 * « Lien sous embargo »: on the edit screen of a scheduled post, its editors make a signed link that
 * opens the post to signed-in journalists until the date they choose (the worker checks it, and
 * sends to the published article once it is out). Links are made server-side by a REST route and
 * recorded in the post's meta.
 *
 *   POST /wp-json/ffr-presse/v1/embargo-link   {"post": 123, "expires": "2026-11-27T14:00"}
 *   201 {"post", "link", "expires", "expires_local", "created", "user", "description"}
 */

namespace FFRPresse\Purge;

defined( 'ABSPATH' ) || exit;

final class Embargo {
	const META_KEY       = '_ffr_presse_embargo_links';
	const REST_NAMESPACE = 'ffr-presse/v1';
	const REST_ROUTE     = '/embargo-link';
	const SCRIPT         = 'ffr-presse-embargo';
	const BOX            = 'ffr-presse-embargo';

	/** A link lasts at most this long from the moment it is made. */
	const MAX_AHEAD = 30 * 86400;

	/** By default, a link lasts until a day after the publication. */
	const DEFAULT_AFTER_PUBLICATION = 86400;

	const EXPLANATION = 'Ce lien ouvre l’article aux journalistes connectés jusqu’à la date choisie' . Admin::NNBSP . '; il mène à l’article publié une fois l’embargo levé.';

	public function __construct( private Preview_Links $links ) {}

	public function register(): void {
		add_action( 'add_meta_boxes_post', array( $this, 'add_meta_box' ) );
		add_action( 'rest_api_init', array( $this, 'register_route' ) );
	}

	public function add_meta_box( $post ): void {
		if ( ! $post instanceof \WP_Post || 'future' !== $post->post_status || ! current_user_can( 'edit_post', $post->ID ) ) {
			return;
		}
		add_meta_box( self::BOX, 'Lien sous embargo', array( $this, 'render_meta_box' ), 'post', 'side', 'default' );
		// Printed in the footer: the block editor renders meta boxes late (the_block_editor_meta_boxes, wp-admin/includes/post.php).
		wp_enqueue_script( self::SCRIPT, plugins_url( 'assets/embargo-link.js', PLUGIN_FILE ), array( 'wp-api-fetch' ), VERSION, true );
		wp_add_inline_script(
			self::SCRIPT,
			'window.ffrPresseEmbargo = ' . wp_json_encode(
				array(
					'path'     => '/' . self::REST_NAMESPACE . self::REST_ROUTE,
					'messages' => array(
						'noDate'     => 'Choisissez la date de fin de l’embargo.',
						'creating'   => 'Création du lien…',
						'failed'     => 'Le lien n’a pas pu être créé.',
						'copied'     => 'Lien copié.',
						'copyFailed' => 'Copie impossible' . Admin::NBSP . ': sélectionnez le lien et copiez-le.',
						'none'       => 'Aucun lien pour l’instant.',
					),
				),
				JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE
			) . ';',
			'before'
		);
	}

	/** The date-time the meta box proposes: the publication plus a day, within what the route accepts. */
	public static function default_expiry( \WP_Post $post, int $now ): int {
		$published = (int) get_post_time( 'U', true, $post );
		$expiry    = $published + self::DEFAULT_AFTER_PUBLICATION;
		if ( $expiry <= $now ) {
			$expiry = $now + self::DEFAULT_AFTER_PUBLICATION;
		}
		$expiry = min( $expiry, $now + self::MAX_AHEAD );
		// The field holds minutes.
		return $expiry - $expiry % 60;
	}

	/** datetime-local's value, in the site's time zone. */
	private static function local_input( int $time ): string {
		return wp_date( 'Y-m-d\TH:i', $time );
	}

	/** « jusqu’au 27/11/2026 à 14h00 », in the site's time zone. */
	private static function until( int $time ): string {
		return 'jusqu’au ' . wp_date( 'd/m/Y', $time ) . ' à ' . wp_date( 'G\hi', $time );
	}

	/** A line of « Liens créés ». */
	private static function describe( array $record, int $now ): string {
		$user = get_userdata( (int) $record['user'] );
		$text = 'Valable ' . self::until( (int) $record['expires'] ) . ', créé ' . Admin::when( (int) $record['created'] )
			. ( $user ? ' par ' . $user->display_name : '' );
		return (int) $record['expires'] <= $now ? $text . ' (expiré)' : $text;
	}

	/** @return array<int, array{expires: int, created: int, user: int}> the post's links, newest first */
	public static function records( int $post_id ): array {
		$records = array_values(
			array_filter(
				get_post_meta( $post_id, self::META_KEY ),
				static fn( $record ) => is_array( $record ) && isset( $record['expires'], $record['created'] )
			)
		);
		usort( $records, static fn( $a, $b ) => (int) $b['created'] <=> (int) $a['created'] );
		return $records;
	}

	public function render_meta_box( \WP_Post $post ): void {
		$now     = time();
		$records = self::records( $post->ID );
		$zone    = wp_timezone_string();
		?>
		<div class="ffr-presse-embargo" data-post="<?php echo esc_attr( (string) $post->ID ); ?>">
			<p class="description"><?php echo esc_html( self::EXPLANATION ); ?></p>
			<p>
				<label for="ffr-presse-embargo-expires"><?php echo esc_html( 'Valable jusqu’au (heure du site, ' . $zone . ')' ); ?></label><br>
				<input type="datetime-local" id="ffr-presse-embargo-expires" class="ffr-presse-embargo-expires" step="60"
					value="<?php echo esc_attr( self::local_input( self::default_expiry( $post, $now ) ) ); ?>"
					min="<?php echo esc_attr( self::local_input( $now + 60 ) ); ?>"
					max="<?php echo esc_attr( self::local_input( $now + self::MAX_AHEAD ) ); ?>">
			</p>
			<p><button type="button" class="button ffr-presse-embargo-create"><?php echo esc_html( 'Créer le lien' ); ?></button></p>
			<p>
				<label for="ffr-presse-embargo-link"><?php echo esc_html( 'Lien à transmettre' ); ?></label><br>
				<input type="text" id="ffr-presse-embargo-link" class="widefat ffr-presse-embargo-link" readonly value="">
				<button type="button" class="button ffr-presse-embargo-copy" disabled><?php echo esc_html( 'Copier' ); ?></button>
			</p>
			<p class="ffr-presse-embargo-status" role="status" aria-live="polite"></p>
			<h4><?php echo esc_html( 'Liens créés' ); ?></h4>
			<ul class="ffr-presse-embargo-list">
				<?php if ( ! $records ) : ?>
					<li class="ffr-presse-embargo-none"><?php echo esc_html( 'Aucun lien pour l’instant.' ); ?></li>
				<?php endif; ?>
				<?php foreach ( $records as $record ) : ?>
					<li><?php echo esc_html( self::describe( $record, $now ) ); ?></li>
				<?php endforeach; ?>
			</ul>
		</div>
		<?php
	}

	public function register_route(): void {
		register_rest_route(
			self::REST_NAMESPACE,
			self::REST_ROUTE,
			array(
				'methods'             => 'POST',
				'callback'            => array( $this, 'create_link' ),
				'permission_callback' => array( $this, 'can_create_link' ),
				'args'                => array(
					'post'    => array(
						'description' => 'ID de l’article programmé.',
						'type'        => 'integer',
						'minimum'     => 1,
						'required'    => true,
					),
					'expires' => array(
						'description' => 'Fin de validité du lien : date et heure du site (AAAA-MM-JJTHH:MM) ou horodatage Unix. Par défaut, la publication plus 24 heures.',
						'type'        => array( 'integer', 'string' ),
					),
				),
			)
		);
	}

	/**
	 * Signed in first (nothing is said about a post to a stranger), then the post, then the right
	 * to edit it — the order and codes of core's posts controller
	 * (wp-includes/rest-api/endpoints/class-wp-rest-posts-controller.php, rest_authorization_required_code).
	 */
	public function can_create_link( \WP_REST_Request $request ) {
		if ( ! is_user_logged_in() ) {
			return new \WP_Error( 'rest_forbidden', 'Vous devez être connecté pour créer un lien sous embargo.', array( 'status' => rest_authorization_required_code() ) );
		}
		$post = get_post( (int) $request['post'] );
		if ( ! $post instanceof \WP_Post ) {
			return new \WP_Error( 'rest_post_invalid_id', 'ID de publication non valide.', array( 'status' => 404 ) );
		}
		if ( ! current_user_can( 'edit_post', $post->ID ) ) {
			return new \WP_Error( 'rest_forbidden', 'Désolé, vous n’avez pas l’autorisation de créer un lien sous embargo pour cet article.', array( 'status' => rest_authorization_required_code() ) );
		}
		return true;
	}

	public function create_link( \WP_REST_Request $request ) {
		$post = get_post( (int) $request['post'] );
		if ( 'post' !== $post->post_type ) {
			return new \WP_Error( 'ffr_presse_embargo_not_a_post', 'Les liens sous embargo ne concernent que les articles.', array( 'status' => 400 ) );
		}
		if ( 'publish' === $post->post_status ) {
			return new \WP_Error( 'ffr_presse_embargo_not_scheduled', 'Cet article est déjà publié' . Admin::NBSP . ': il n’y a plus d’embargo, partagez son adresse publique.', array( 'status' => 400 ) );
		}
		if ( 'future' !== $post->post_status ) {
			return new \WP_Error( 'ffr_presse_embargo_not_scheduled', 'Cet article n’est pas programmé' . Admin::NBSP . ': programmez sa publication pour créer un lien sous embargo.', array( 'status' => 400 ) );
		}

		$now     = time();
		$expires = null === $request['expires'] ? self::default_expiry( $post, $now ) : self::parse_expiry( $request['expires'] );
		if ( null === $expires ) {
			return new \WP_Error(
				'rest_invalid_param',
				'La date de fin de l’embargo n’est pas valide' . Admin::NBSP . ': date et heure du site (AAAA-MM-JJTHH:MM) ou horodatage Unix attendus.',
				array(
					'status' => 400,
					'params' => array( 'expires' => 'Date non valide.' ),
				)
			);
		}
		if ( $expires <= $now ) {
			return new \WP_Error( 'ffr_presse_embargo_expired', 'La date de fin de l’embargo doit être dans le futur.', array( 'status' => 400 ) );
		}
		if ( $expires > $now + self::MAX_AHEAD ) {
			return new \WP_Error(
				'ffr_presse_embargo_too_far',
				'Un lien sous embargo vaut 30 jours au plus' . Admin::NBSP . ': choisissez une date ' . self::until( $now + self::MAX_AHEAD ) . ' au plus tard.',
				array( 'status' => 400 )
			);
		}

		$record = array(
			'expires' => $expires,
			'created' => $now,
			'user'    => get_current_user_id(),
		);
		// One meta row per link: two editors at once never overwrite each other's.
		add_post_meta( $post->ID, self::META_KEY, $record );

		$response = new \WP_REST_Response(
			array(
				'post'          => $post->ID,
				'link'          => $this->links->embargo_url( $post->ID, $expires ),
				'expires'       => $expires,
				'expires_local' => wp_date( 'c', $expires ),
				'created'       => $now,
				'user'          => $record['user'],
				'description'   => self::describe( $record, $now ),
			),
			201
		);
		return $response;
	}

	/**
	 * Unix seconds, or a date-time without zone read in the site's time zone (what a datetime-local
	 * field sends), or with an explicit offset (Z, +01:00). Null when it is none of these.
	 */
	public static function parse_expiry( $value ): ?int {
		if ( is_int( $value ) ) {
			return $value;
		}
		$value = trim( (string) $value );
		if ( ctype_digit( $value ) ) {
			return (int) $value;
		}
		if ( ! preg_match( '/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?$/', $value, $m ) ) {
			return null;
		}
		if ( ! checkdate( (int) $m[2], (int) $m[3], (int) $m[1] ) || (int) $m[4] > 23 || (int) $m[5] > 59 || (int) ( $m[6] ?? 0 ) > 59 ) {
			return null;
		}
		$zone = empty( $m[7] ) ? wp_timezone() : new \DateTimeZone( 'Z' === $m[7] ? 'UTC' : $m[7] );
		// A time skipped by a clock change (2:30 on the last Sunday of March in Paris) moves an hour on, as PHP does.
		$date = date_create_immutable( sprintf( '%s-%s-%s %s:%s:%s', $m[1], $m[2], $m[3], $m[4], $m[5], '' !== ( $m[6] ?? '' ) ? $m[6] : '00' ), $zone );
		return $date ? $date->getTimestamp() : null;
	}
}
