<?php
/**
 * Turns WordPress changes into purge bodies (see the worker's src/cache/purge.server.ts).
 */

namespace FFRPresse\Purge;

defined( 'ABSPATH' ) || exit;

final class Triggers {
	/** Post types shown by the site through its settings, home or partners rather than as posts. */
	const SITE_POST_TYPES = array(
		'page'       => 'page',
		'partenaire' => 'partners',
		'ffr_home'   => 'home',
	);

	const TAXONOMIES = array( 'category', 'post_tag' );

	/**
	 * The state of each post before its first save in this request: status, public slug and
	 * categories (null when unknown).
	 *
	 * @var array<int, array{status: string, slug: string, categories: ?array}>
	 */
	private array $before = array();

	/** @var array<int, string> term id => slug before its update */
	private array $term_slugs = array();

	public function __construct( private Sender $sender ) {}

	public function register(): void {
		add_action( 'pre_post_update', array( $this, 'remember_post' ), 10, 1 );
		// Not save_post: the block editor (REST) sets terms and meta (« Ne pas alerter les journalistes »)
		// after wp_insert_post, and calls wp_after_insert_post once they are saved
		// (wp-includes/rest-api/endpoints/class-wp-rest-posts-controller.php); the classic editor's
		// meta boxes are saved on save_post, before wp_insert_post calls it (wp-includes/post.php).
		// Trash and untrash go through wp_update_post too (wp-includes/post.php), so they land here.
		add_action( 'wp_after_insert_post', array( $this, 'post_saved' ), 10, 4 );
		add_action( 'before_delete_post', array( $this, 'post_deleted' ), 10, 1 );

		add_action( 'created_term', array( $this, 'term_created' ), 10, 3 );
		add_action( 'edit_terms', array( $this, 'remember_term' ), 10, 2 );
		add_action( 'edited_term', array( $this, 'term_edited' ), 10, 3 );
		add_action( 'delete_term', array( $this, 'term_deleted' ), 10, 4 );

		foreach ( array( 'wp_update_nav_menu', 'wp_update_nav_menu_item', 'wp_delete_nav_menu' ) as $hook ) {
			add_action( $hook, array( $this, 'menu_changed' ), 10, 0 );
		}
		// Only fired when a value really changes (wp-includes/option.php).
		add_action( 'updated_option', array( $this, 'option_changed' ), 10, 1 );
		add_action( 'added_option', array( $this, 'option_changed' ), 10, 1 );
		add_action( 'deleted_option', array( $this, 'option_changed' ), 10, 1 );

		add_action( 'wpcf7_after_save', array( $this, 'form_saved' ), 10, 1 );
	}

	/** A purge must never break a save: any failure here is logged and the save goes on. */
	private static function guard( callable $fn ): void {
		try {
			$fn();
		} catch ( \Throwable $e ) {
			error_log( 'FFR Presse purge: ' . $e->getMessage() );
		}
	}

	public function remember_post( $post_id ): void {
		self::guard(
			function () use ( $post_id ) {
				$post = get_post( (int) $post_id );
				if ( ! $post || isset( $this->before[ $post->ID ] ) || 'post' !== $post->post_type ) {
					return;
				}
				$this->before[ $post->ID ] = array(
					'status'     => $post->post_status,
					'slug'       => self::public_slug( $post->post_name ),
					'categories' => self::categories( $post->ID ),
				);
			}
		);
	}

	public function post_saved( $post_id, $post, $update, $post_before ): void {
		self::guard(
			function () use ( $post, $post_before ) {
				if ( ! $post instanceof \WP_Post || wp_is_post_revision( $post ) || wp_is_post_autosave( $post ) ) {
					return;
				}
				$old_status = $post_before instanceof \WP_Post ? $post_before->post_status : 'new';
				if ( 'post' !== $post->post_type ) {
					$this->site_post_changed( $post, $old_status );
					return;
				}
				$this->before[ $post->ID ] ??= array(
					'status'     => $old_status,
					'slug'       => $post_before instanceof \WP_Post ? self::public_slug( $post_before->post_name ) : '',
					'categories' => null,
				);
				$this->post_changed( $post, $this->before[ $post->ID ] );
			}
		);
	}

	private function post_changed( \WP_Post $post, array $before ): void {
		$key        = 'post:' . $post->ID;
		$was_public = 'publish' === $before['status'];
		$is_public  = 'publish' === $post->post_status;
		if ( ! $was_public && ! $is_public ) {
			// Drafts, pending, scheduled, private, auto-drafts: the site never showed them.
			$this->sender->cancel( $key );
			return;
		}
		if ( $is_public ) {
			$action = $was_public ? 'update' : ( 'trash' === $before['status'] ? 'restore' : 'publish' );
		} else {
			$action = 'trash' === $post->post_status ? 'trash' : 'unpublish';
		}
		$slug       = self::public_slug( $post->post_name );
		$categories = self::categories( $post->ID );
		$body       = array(
			'type'   => 'post',
			'action' => $action,
			'post'   => array(
				'id'         => $post->ID,
				'slug'       => '' !== $slug ? $slug : (string) $post->ID,
				'categories' => $categories,
			),
			// The box as this save left it: wp_after_insert_post runs once it is saved (class-no-alert.php).
			'alert'  => ! No_Alert::is_ticked( $post->ID ),
		);
		// Only what the site showed before matters, and only when it differs.
		if ( $was_public ) {
			$previous = array();
			if ( '' !== $before['slug'] && $before['slug'] !== $body['post']['slug'] ) {
				$previous['slug'] = $before['slug'];
			}
			if ( null !== $before['categories'] && $before['categories'] !== $categories ) {
				$previous['categories'] = $before['categories'];
			}
			if ( $previous ) {
				$body['previous'] = $previous;
			}
		}
		$this->sender->add( $body, $key );
	}

	private function site_post_changed( \WP_Post $post, string $old_status ): void {
		$reason = self::SITE_POST_TYPES[ $post->post_type ] ?? null;
		if ( $reason && ( 'publish' === $old_status || 'publish' === $post->post_status ) ) {
			$this->site( $reason );
		}
	}

	public function post_deleted( $post_id ): void {
		self::guard(
			function () use ( $post_id ) {
				$post = get_post( (int) $post_id );
				if ( ! $post instanceof \WP_Post ) {
					return;
				}
				if ( 'wpcf7_contact_form' === $post->post_type ) {
					$this->sender->add( self::form_body( 'delete', $post->ID, $post->post_name ) );
					return;
				}
				// A trashed post was public if it was published when it went to the trash.
				$status = 'trash' === $post->post_status ? (string) get_post_meta( $post->ID, '_wp_trash_meta_status', true ) : $post->post_status;
				if ( 'publish' !== $status ) {
					return;
				}
				if ( 'post' !== $post->post_type ) {
					$this->site_post_changed( $post, 'publish' );
					return;
				}
				$slug = self::public_slug( $post->post_name );
				$this->sender->add(
					array(
						'type'   => 'post',
						'action' => 'delete',
						'post'   => array(
							'id'         => $post->ID,
							'slug'       => '' !== $slug ? $slug : (string) $post->ID,
							'categories' => self::categories( $post->ID ),
						),
						'alert'  => ! No_Alert::is_ticked( $post->ID ),
					),
					'post:' . $post->ID
				);
			}
		);
	}

	public function term_created( $term_id, $tt_id, $taxonomy ): void {
		self::guard( fn() => $this->term_changed( 'create', (int) $term_id, (string) $taxonomy ) );
	}

	public function remember_term( $term_id, $taxonomy ): void {
		self::guard(
			function () use ( $term_id, $taxonomy ) {
				if ( ! in_array( $taxonomy, self::TAXONOMIES, true ) || isset( $this->term_slugs[ (int) $term_id ] ) ) {
					return;
				}
				$term = get_term( (int) $term_id, $taxonomy );
				if ( $term instanceof \WP_Term ) {
					$this->term_slugs[ $term->term_id ] = $term->slug;
				}
			}
		);
	}

	public function term_edited( $term_id, $tt_id, $taxonomy ): void {
		self::guard( fn() => $this->term_changed( 'update', (int) $term_id, (string) $taxonomy ) );
	}

	public function term_deleted( $term_id, $tt_id, $taxonomy, $deleted_term ): void {
		self::guard(
			function () use ( $taxonomy, $deleted_term ) {
				if ( in_array( $taxonomy, self::TAXONOMIES, true ) && $deleted_term instanceof \WP_Term ) {
					$this->sender->add( self::term_body( 'delete', $taxonomy, $deleted_term->term_id, $deleted_term->slug ) );
				}
			}
		);
	}

	private function term_changed( string $action, int $term_id, string $taxonomy ): void {
		if ( ! in_array( $taxonomy, self::TAXONOMIES, true ) ) {
			return;
		}
		// wp_update_term cleans the term cache before edited_term (wp-includes/taxonomy.php).
		$term = get_term( $term_id, $taxonomy );
		if ( ! $term instanceof \WP_Term ) {
			return;
		}
		$body = self::term_body( $action, $taxonomy, $term->term_id, $term->slug );
		$old  = $this->term_slugs[ $term_id ] ?? null;
		if ( 'update' === $action && null !== $old && $old !== $term->slug ) {
			$body['previous'] = array( 'slug' => $old );
		}
		$this->sender->add( $body, 'term:' . $term_id );
	}

	public function menu_changed(): void {
		$this->site( 'menu' );
	}

	public function option_changed( $option ): void {
		if ( self::is_setting( (string) $option ) ) {
			$this->site( 'settings' );
		}
	}

	public static function is_setting( string $option ): bool {
		if ( str_starts_with( $option, 'ffr_presse_purge_' ) ) {
			return false;
		}
		return 'blogname' === $option || 'blogdescription' === $option || str_starts_with( $option, 'ffr_' );
	}

	public function form_saved( $contact_form ): void {
		self::guard(
			function () use ( $contact_form ) {
				if ( ! is_object( $contact_form ) || ! method_exists( $contact_form, 'id' ) || ! method_exists( $contact_form, 'name' ) ) {
					return;
				}
				$id = (int) $contact_form->id();
				if ( $id > 0 ) {
					$this->sender->add( self::form_body( 'update', $id, (string) $contact_form->name() ) );
				}
			}
		);
	}

	private function site( string $reason ): void {
		$this->sender->add(
			array(
				'type'   => 'site',
				'action' => 'update',
				'reason' => $reason,
			)
		);
	}

	private static function term_body( string $action, string $taxonomy, int $id, string $slug ): array {
		return array(
			'type'     => 'term',
			'action'   => $action,
			'taxonomy' => $taxonomy,
			'term'     => array(
				'id'   => $id,
				'slug' => '' !== $slug ? $slug : (string) $id,
			),
		);
	}

	private static function form_body( string $action, int $id, string $slug ): array {
		return array(
			'type'   => 'form',
			'action' => $action,
			'form'   => array(
				'id'   => $id,
				'slug' => '' !== $slug ? $slug : (string) $id,
			),
		);
	}

	/** A trashed post's slug carries a __trashed suffix (wp-includes/post.php); the site knew it without. */
	private static function public_slug( string $slug ): string {
		return (string) preg_replace( '/__trashed$/', '', $slug );
	}

	/**
	 * The post's categories and their ancestors (a sub-category's posts show on its parent's
	 * page too), read from the database: the object term cache may still hold the list before the save.
	 *
	 * @return array<int, array{id: int, slug: string}>
	 */
	private static function categories( int $post_id ): array {
		$terms = wp_get_object_terms( $post_id, 'category', array( 'update_term_meta_cache' => false ) );
		if ( is_wp_error( $terms ) ) {
			return array();
		}
		$ids = array();
		foreach ( $terms as $term ) {
			$ids[] = $term->term_id;
			foreach ( get_ancestors( $term->term_id, 'category', 'taxonomy' ) as $ancestor ) {
				$ids[] = (int) $ancestor;
			}
		}
		$ids = array_unique( $ids );
		sort( $ids );
		$categories = array();
		foreach ( $ids as $id ) {
			$term = get_term( $id, 'category' );
			if ( $term instanceof \WP_Term ) {
				$categories[] = array(
					'id'   => $term->term_id,
					'slug' => $term->slug,
				);
			}
		}
		return $categories;
	}
}
