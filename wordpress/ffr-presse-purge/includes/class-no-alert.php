<?php
/**
 * « Ne pas alerter les journalistes »: a box on the post edit screen for minor corrections. Ticked,
 * the post's purge bodies say `"alert": false` and the site e-mails no alert to the journalists who
 * follow the post's subjects (the site only alerts on a publication). The box stays as the editor
 * left it: it applies to every save until it is unticked.
 *
 * Kept in the post meta _ffr_presse_no_alert ('1', absent when unticked), read by Triggers in
 * wp_after_insert_post. That hook runs after the box is saved, whichever editor saves it:
 *   - classic editor: edit_post() (wp-admin/includes/post.php) calls wp_update_post(), and
 *     wp_insert_post() (wp-includes/post.php) fires save_post, where the box is saved, before it
 *     calls wp_after_insert_post() at its very end;
 *   - block editor: WP_REST_Posts_Controller::create_item() and update_item()
 *     (wp-includes/rest-api/endpoints/class-wp-rest-posts-controller.php) write the REST `meta`
 *     (hence register_post_meta with show_in_rest) and only then call wp_after_insert_post(). Its
 *     meta boxes are posted to post.php after that REST save has finished (requestMetaBoxUpdates,
 *     wp-includes/js/dist/edit-post.js): too late for the publication. So, in the block editor, the
 *     box also writes the REST meta as soon as it is ticked (assets/no-alert.js).
 */

namespace FFRPresse\Purge;

defined( 'ABSPATH' ) || exit;

final class No_Alert {
	const META_KEY     = '_ffr_presse_no_alert';
	const BOX          = 'ffr-presse-no-alert';
	const FIELD        = 'ffr_presse_no_alert';
	const NONCE_FIELD  = 'ffr_presse_no_alert_nonce';
	const NONCE_ACTION = 'ffr_presse_no_alert_';
	const SCRIPT       = 'ffr-presse-no-alert';

	public function register(): void {
		add_action( 'init', array( $this, 'register_meta' ) );
		add_action( 'add_meta_boxes_post', array( $this, 'add_meta_box' ) );
		add_action( 'save_post_post', array( $this, 'save' ), 10, 2 );
	}

	/** Whether the post's box is ticked: its purge bodies then say « no alert ». */
	public static function is_ticked( int $post_id ): bool {
		return (bool) get_post_meta( $post_id, self::META_KEY, true );
	}

	/** A protected meta (leading underscore), so writable through REST only with edit_post on the post. */
	public function register_meta(): void {
		register_post_meta(
			'post',
			self::META_KEY,
			array(
				'type'          => 'boolean',
				'single'        => true,
				'default'       => false,
				'description'   => __( 'Whether saving this post sends no e-mail alert to the journalists (a minor correction).', 'ffr-presse-purge' ),
				// Shown to those who edit the post (the block editor reads it with context=edit), not to readers.
				'show_in_rest'  => array( 'schema' => array( 'context' => array( 'edit' ) ) ),
				'auth_callback' => static fn( $allowed, $meta_key, $post_id, $user_id ) => user_can( (int) $user_id, 'edit_post', (int) $post_id ),
			)
		);
	}

	public function add_meta_box( $post ): void {
		if ( ! $post instanceof \WP_Post || ! current_user_can( 'edit_post', $post->ID ) ) {
			return;
		}
		add_meta_box( self::BOX, __( 'Press alerts', 'ffr-presse-purge' ), array( $this, 'render_meta_box' ), 'post', 'side', 'default' );
		$screen = get_current_screen();
		if ( $screen && $screen->is_block_editor() ) {
			wp_enqueue_script( self::SCRIPT, plugins_url( 'assets/no-alert.js', PLUGIN_FILE ), array( 'wp-data', 'wp-editor' ), VERSION, true );
		}
	}

	public function render_meta_box( \WP_Post $post ): void {
		wp_nonce_field( self::NONCE_ACTION . $post->ID, self::NONCE_FIELD );
		?>
		<p>
			<label for="ffr-presse-no-alert">
				<input type="checkbox" id="ffr-presse-no-alert" name="<?php echo esc_attr( self::FIELD ); ?>" value="1" aria-describedby="ffr-presse-no-alert-description" <?php checked( self::is_ticked( $post->ID ) ); ?>>
				<?php esc_html_e( 'Do not alert journalists', 'ffr-presse-purge' ); ?>
			</label>
		</p>
		<p class="description" id="ffr-presse-no-alert-description"><?php esc_html_e( 'Tick for a minor correction: publishing or updating will not send an e-mail alert to the journalists who follow this subject.', 'ffr-presse-purge' ); ?></p>
		<?php
	}

	/**
	 * The box as submitted with the edit form (classic editor, or the block editor's meta boxes), for
	 * that very post only: not an autosave, a revision, a quick edit or another post saved in the same
	 * request, which carry no box and leave it as it was.
	 */
	public function save( $post_id, $post ): void {
		$post_id = (int) $post_id;
		if ( ! isset( $_POST[ self::NONCE_FIELD ], $_POST['post_ID'] ) || (int) $_POST['post_ID'] !== $post_id ) {
			return;
		}
		if ( ! wp_verify_nonce( sanitize_key( wp_unslash( $_POST[ self::NONCE_FIELD ] ) ), self::NONCE_ACTION . $post_id ) ) {
			return;
		}
		if ( wp_is_post_revision( $post_id ) || wp_is_post_autosave( $post_id ) || ! current_user_can( 'edit_post', $post_id ) ) {
			return;
		}
		if ( ! empty( $_POST[ self::FIELD ] ) ) {
			update_post_meta( $post_id, self::META_KEY, '1' );
		} else {
			delete_post_meta( $post_id, self::META_KEY );
		}
	}
}
