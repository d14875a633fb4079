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

	/** What the link does, shown in the box. */
	public static function explanation(): string {
		return __( 'This link opens the post to signed-in journalists until the chosen date; once the embargo is lifted, it leads to the published post.', 'ffr-presse-purge' );
	}

	public function __construct( private Preview_Links $links ) {}

	public function register(): void {
		add_action( 'add_meta_boxes_post', array( $this, 'add_meta_box' ) );
		add_action( 'rest_api_init', array( $this, 'register_route' ) );
	}

	public function add_meta_box( $post ): void {
		if ( ! $post instanceof \WP_Post || 'future' !== $post->post_status || ! current_user_can( 'edit_post', $post->ID ) ) {
			return;
		}
		add_meta_box( self::BOX, __( 'Embargoed link', 'ffr-presse-purge' ), array( $this, 'render_meta_box' ), 'post', 'side', 'default' );
		// Printed in the footer: the block editor renders meta boxes late (the_block_editor_meta_boxes, wp-admin/includes/post.php).
		wp_enqueue_script( self::SCRIPT, plugins_url( 'assets/embargo-link.js', PLUGIN_FILE ), array( 'wp-api-fetch' ), VERSION, true );
		wp_add_inline_script(
			self::SCRIPT,
			'window.ffrPresseEmbargo = ' . wp_json_encode(
				array(
					'path'     => '/' . self::REST_NAMESPACE . self::REST_ROUTE,
					'messages' => array(
						'noDate'     => __( 'Choose when the embargo ends.', 'ffr-presse-purge' ),
						'creating'   => __( 'Creating the link…', 'ffr-presse-purge' ),
						'failed'     => __( 'The link could not be created.', 'ffr-presse-purge' ),
						'copied'     => __( 'Link copied.', 'ffr-presse-purge' ),
						'copyFailed' => __( 'Copy failed: select the link and copy it.', 'ffr-presse-purge' ),
						'none'       => __( 'No link yet.', 'ffr-presse-purge' ),
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

	/** « jusqu’au 27/11/2026 à 14h00 » in French, in the site's time zone. */
	private static function until( int $time ): string {
		/* translators: 1: a date, 2: a time. */
		return sprintf( __( 'until %1$s at %2$s', 'ffr-presse-purge' ), Admin::day_text( $time ), Admin::time_text( $time ) );
	}

	/** A line of « Liens créés ». */
	private static function describe( array $record, int $now ): string {
		$user = get_userdata( (int) $record['user'] );
		$text = $user
			/* translators: 1: until when (« until 27/11/2026 at 14:00 »), 2: when it was made (« on 25/11/2026 at 09:12 »), 3: by whom. */
			? sprintf( __( 'Valid %1$s, created %2$s by %3$s', 'ffr-presse-purge' ), self::until( (int) $record['expires'] ), Admin::when( (int) $record['created'] ), $user->display_name )
			/* translators: 1: until when (« until 27/11/2026 at 14:00 »), 2: when it was made (« on 25/11/2026 at 09:12 »). */
			: sprintf( __( 'Valid %1$s, created %2$s', 'ffr-presse-purge' ), self::until( (int) $record['expires'] ), Admin::when( (int) $record['created'] ) );
		/* translators: %s: a link's description. */
		return (int) $record['expires'] <= $now ? sprintf( __( '%s (expired)', 'ffr-presse-purge' ), $text ) : $text;
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
			<p class="description"><?php echo esc_html( self::explanation() ); ?></p>
			<p>
				<?php /* translators: %s: the site's time zone (« Europe/Paris »). */ ?>
				<label for="ffr-presse-embargo-expires"><?php echo esc_html( sprintf( __( 'Valid until (site time, %s)', 'ffr-presse-purge' ), $zone ) ); ?></label><br>
				<input type="datetime-local" id="ffr-presse-embargo-expires" class="ffr-presse-embargo-expires" step="60"
					value="<?php echo esc_attr( self::local_input( self::default_expiry( $post, $now ) ) ); ?>"
					min="<?php echo esc_attr( self::local_input( $now + 60 ) ); ?>"
					max="<?php echo esc_attr( self::local_input( $now + self::MAX_AHEAD ) ); ?>">
			</p>
			<p><button type="button" class="button ffr-presse-embargo-create"><?php esc_html_e( 'Create the link', 'ffr-presse-purge' ); ?></button></p>
			<p>
				<label for="ffr-presse-embargo-link"><?php esc_html_e( 'Link to pass on', 'ffr-presse-purge' ); ?></label><br>
				<input type="text" id="ffr-presse-embargo-link" class="widefat ffr-presse-embargo-link" readonly value="">
				<button type="button" class="button ffr-presse-embargo-copy" disabled><?php esc_html_e( 'Copy', 'ffr-presse-purge' ); ?></button>
			</p>
			<p class="ffr-presse-embargo-status" role="status" aria-live="polite"></p>
			<h4><?php esc_html_e( 'Links created', 'ffr-presse-purge' ); ?></h4>
			<ul class="ffr-presse-embargo-list">
				<?php if ( ! $records ) : ?>
					<li class="ffr-presse-embargo-none"><?php esc_html_e( 'No link yet.', 'ffr-presse-purge' ); ?></li>
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
						'description' => __( 'ID of the scheduled post.', 'ffr-presse-purge' ),
						'type'        => 'integer',
						'minimum'     => 1,
						'required'    => true,
					),
					'expires' => array(
						'description' => __( 'End of the link’s validity: site date and time (YYYY-MM-DDTHH:MM) or Unix timestamp. By default, the publication plus 24 hours.', 'ffr-presse-purge' ),
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
			return new \WP_Error( 'rest_forbidden', __( 'You must be signed in to create an embargoed link.', 'ffr-presse-purge' ), array( 'status' => rest_authorization_required_code() ) );
		}
		$post = get_post( (int) $request['post'] );
		if ( ! $post instanceof \WP_Post ) {
			return new \WP_Error( 'rest_post_invalid_id', __( 'Invalid post ID.', 'ffr-presse-purge' ), array( 'status' => 404 ) );
		}
		if ( ! current_user_can( 'edit_post', $post->ID ) ) {
			return new \WP_Error( 'rest_forbidden', __( 'Sorry, you are not allowed to create an embargoed link for this post.', 'ffr-presse-purge' ), array( 'status' => rest_authorization_required_code() ) );
		}
		return true;
	}

	public function create_link( \WP_REST_Request $request ) {
		$post = get_post( (int) $request['post'] );
		if ( 'post' !== $post->post_type ) {
			return new \WP_Error( 'ffr_presse_embargo_not_a_post', __( 'Embargoed links are for posts only.', 'ffr-presse-purge' ), array( 'status' => 400 ) );
		}
		if ( 'publish' === $post->post_status ) {
			return new \WP_Error( 'ffr_presse_embargo_not_scheduled', __( 'This post is already published: there is no embargo any more, share its public address.', 'ffr-presse-purge' ), array( 'status' => 400 ) );
		}
		if ( 'future' !== $post->post_status ) {
			return new \WP_Error( 'ffr_presse_embargo_not_scheduled', __( 'This post is not scheduled: schedule its publication to create an embargoed link.', 'ffr-presse-purge' ), array( 'status' => 400 ) );
		}

		$now     = time();
		$expires = null === $request['expires'] ? self::default_expiry( $post, $now ) : self::parse_expiry( $request['expires'] );
		if ( null === $expires ) {
			return new \WP_Error(
				'rest_invalid_param',
				__( 'The end of the embargo is not a valid date: site date and time (YYYY-MM-DDTHH:MM) or Unix timestamp expected.', 'ffr-presse-purge' ),
				array(
					'status' => 400,
					'params' => array( 'expires' => __( 'Invalid date.', 'ffr-presse-purge' ) ),
				)
			);
		}
		if ( $expires <= $now ) {
			return new \WP_Error( 'ffr_presse_embargo_expired', __( 'The end of the embargo must be in the future.', 'ffr-presse-purge' ), array( 'status' => 400 ) );
		}
		if ( $expires > $now + self::MAX_AHEAD ) {
			return new \WP_Error(
				'ffr_presse_embargo_too_far',
				/* translators: %s: the latest end (« until 25/12/2026 at 14:00 »). */
				sprintf( __( 'An embargoed link lasts 30 days at most: choose a date %s at the latest.', 'ffr-presse-purge' ), self::until( $now + self::MAX_AHEAD ) ),
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
