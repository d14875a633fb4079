<?php
/**
 * Plugin Name: FFR v1 (tests)
 * Description: Test only. The parts of the federation's ffr/v1 REST namespace and of its static lists that the worker reads, computed live from this WordPress's own posts, categories, menus, pages, partners and options, in the shapes of the worker's zod schemas (src/schemas/*.ts) and of the local emulator (dev/wordpress/routes.ts, dev/content/types.ts).
 */

namespace FFRPresse\Shim;

defined( 'ABSPATH' ) || exit;

const NS = 'ffr/v1';

add_action(
	'init',
	function () {
		// The federation's partners, as a post type of its own (the purge plugin's "partners" reason).
		register_post_type(
			'partenaire',
			array(
				'label'        => 'Partenaires',
				'public'       => false,
				'show_ui'      => true,
				'show_in_rest' => true,
				'supports'     => array( 'title', 'custom-fields', 'page-attributes' ),
			)
		);
		// The federation's events, as the purge plugin reads them for the accreditation forms'
		// wpcf7_form_tag_data_option filter (wordpress/ffr-presse-purge/includes/class-accreditation-events.php):
		// dates in the site's time zone, the accreditation's kind and deadline.
		register_post_type(
			'evenement',
			array(
				'label'        => 'Événements',
				'public'       => false,
				'show_ui'      => true,
				'show_in_rest' => true,
				'supports'     => array( 'title', 'editor', 'custom-fields' ),
			)
		);
		foreach ( array( 'ffr_start_date', 'ffr_end_date', 'ffr_accreditation_kind', 'ffr_accreditation_deadline' ) as $key ) {
			register_post_meta(
				'evenement',
				$key,
				array(
					'type'         => 'string',
					'single'       => true,
					'show_in_rest' => true,
				)
			);
		}
	}
);

// The lists WordPress writes under uploads/newsroom on publish: here computed on each request.
add_action(
	'init',
	function () {
		$path = (string) parse_url( $_SERVER['REQUEST_URI'] ?? '', PHP_URL_PATH );
		if ( preg_match( '#^/wp-content/uploads/newsroom/([a-z0-9_]+)\.json$#', $path, $m ) ) {
			$data = static_list( $m[1] );
			status_header( null === $data ? 404 : 200 );
			header( 'Content-Type: application/json; charset=utf-8' );
			echo null === $data ? '{"error":"not_found"}' : wp_json_encode( $data, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
			exit;
		}
	},
	99
);

function static_list( string $name ): ?array {
	if ( 'last_posts' === $name ) {
		return latest_cards( 10 );
	}
	if ( 'categories' === $name ) {
		return categories();
	}
	if ( 'lastest_posts_categories' === $name ) {
		return array_values(
			array_map(
				fn( $c ) => array(
					'category' => category_ref( $c ),
					'posts'    => latest_cards( 4, $c->term_id ),
				),
				top_categories()
			)
		);
	}
	if ( preg_match( '/^latest_posts_(\d+)$/', $name, $m ) ) {
		$term = get_term( (int) $m[1], 'category' );
		return $term instanceof \WP_Term ? latest_cards( 10, $term->term_id ) : null;
	}
	return null;
}

add_action(
	'rest_api_init',
	function () {
		$get = fn( callable $callback ) => array(
			'methods'             => 'GET',
			'callback'            => $callback,
			'permission_callback' => '__return_true',
		);
		register_rest_route( NS, '/settings', $get( fn() => settings() ) );
		register_rest_route( NS, '/nav-menus', $get( fn() => menus() ) );
		register_rest_route( NS, '/home', $get( fn() => home() ) );
		register_rest_route( NS, '/partenaires_banniere', $get( fn() => partners() ) );
		register_rest_route( NS, '/categories', $get( fn() => categories() ) );
		register_rest_route( NS, '/Tags', $get( fn() => array_map( __NAMESPACE__ . '\tag', get_terms( array( 'taxonomy' => 'post_tag', 'hide_empty' => false ) ) ) ) );
		register_rest_route( NS, '/posts', $get( __NAMESPACE__ . '\posts_route' ) );
		// The worker's preview and embargo pages: any status, to a user who may edit the post.
		register_rest_route(
			NS,
			'/posts/(?P<id>\d+)',
			array(
				'methods'             => 'GET',
				'callback'            => __NAMESPACE__ . '\post_route',
				'permission_callback' => __NAMESPACE__ . '\can_read_post',
			)
		);
		register_rest_route( NS, '/pages', $get( __NAMESPACE__ . '\pages_route' ) );
		// The events of the « evenement » post type above (the federation keeps them in a plugin of its own).
		register_rest_route( NS, '/events', $get( __NAMESPACE__ . '\events_route' ) );
		register_rest_route( NS, '/future_events', $get( __NAMESPACE__ . '\future_events_route' ) );
	}
);

/** A meta date as the site's wall clock, « 2026-11-29T21:10:00 » (null when empty or unreadable). */
function event_wall_clock( $value ): ?string {
	if ( ! is_string( $value ) || '' === trim( $value ) ) {
		return null;
	}
	$date = ctype_digit( $value ) ? ( new \DateTimeImmutable( '@' . $value ) ) : date_create_immutable( trim( $value ), wp_timezone() );
	return $date ? $date->setTimezone( wp_timezone() )->format( 'Y-m-d\TH:i:s' ) : null;
}

/** An event in the shape of dev/content/types.ts WpEvent and the worker's EventSchema. */
function event( \WP_Post $p ): ?array {
	$start = event_wall_clock( get_post_meta( $p->ID, 'ffr_start_date', true ) );
	if ( null === $start ) {
		return null;
	}
	$end      = event_wall_clock( get_post_meta( $p->ID, 'ffr_end_date', true ) ) ?? $start;
	$kind     = (string) get_post_meta( $p->ID, 'ffr_accreditation_kind', true );
	$deadline = (string) get_post_meta( $p->ID, 'ffr_accreditation_deadline', true );
	$deadline = '' !== $deadline ? date_create_immutable( $deadline, wp_timezone() ) : null;
	return array(
		'id'            => $p->ID,
		'startDate'     => $start,
		'endDate'       => $end,
		// get_the_title(), as the federation's API sends it (&#8217; for ’).
		'title'         => get_the_title( $p ),
		'label'         => '',
		'tag'           => '',
		'categoryId'    => 0,
		'categories'    => array(),
		'slug'          => $p->post_name ?: sanitize_title( $p->post_title, (string) $p->ID ),
		'image'         => '',
		'description'   => wp_strip_all_tags( $p->post_content ),
		'venue'         => '',
		'team'          => '',
		'adress'        => '',
		'zip'           => '',
		'city'          => '',
		'organizer'     => 'Fédération française de rugby',
		'lat'           => 0,
		'long'          => 0,
		'all_day'       => false,
		'sidebar'       => null,
		'accreditation' => in_array( $kind, array( 'evenements-presse', 'rencontres-internationales' ), true ) && $deadline
			? array(
				'kind'     => $kind,
				'deadline' => $deadline->format( 'c' ),
			)
			: null,
	);
}

/** Every published event, by start date. */
function events(): array {
	$events = array_filter(
		array_map(
			__NAMESPACE__ . '\event',
			get_posts(
				array(
					'post_type'   => 'evenement',
					'post_status' => 'publish',
					'numberposts' => 300,
				)
			)
		)
	);
	usort( $events, fn( $a, $b ) => strcmp( $a['startDate'], $b['startDate'] ) ?: ( $a['id'] <=> $b['id'] ) );
	return array_values( $events );
}

function events_route( \WP_REST_Request $r ): array {
	$from = $r['start_date'] ? substr( (string) $r['start_date'], 0, 10 ) : null;
	$to   = $r['end_date'] ? substr( (string) $r['end_date'], 0, 10 ) : null;
	return array_values(
		array_filter(
			events(),
			fn( $e ) => ( null === $from || substr( $e['endDate'], 0, 10 ) >= $from ) && ( null === $to || substr( $e['startDate'], 0, 10 ) <= $to )
		)
	);
}

/** GET /ffr/v1/future_events?ends_after={iso}: the events not over by then (site wall clock). */
function future_events_route( \WP_REST_Request $r ) {
	$after = event_wall_clock( (string) $r['ends_after'] );
	if ( null === $after ) {
		return invalid_param( 'ends_after', 'ends_after n’est pas une date valide.' );
	}
	return array_values( array_filter( events(), fn( $e ) => $e['endDate'] >= $after ) );
}

function text( string $s ): string {
	return html_entity_decode( $s, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
}

function wp_date_time( string $mysql ): string {
	return str_replace( ' ', 'T', $mysql );
}

function settings(): array {
	return array(
		'title'       => text( get_option( 'blogname' ) ),
		'description' => text( get_option( 'blogdescription' ) ),
		'url'         => home_url( '/' ),
		'type_site'   => 'newsroom',
	);
}

function category_ref( \WP_Term $c ): array {
	return array(
		'id'   => $c->term_id,
		'slug' => $c->slug,
		'name' => text( $c->name ),
	);
}

function categories(): array {
	$terms = get_terms(
		array(
			'taxonomy'   => 'category',
			'hide_empty' => false,
			'orderby'    => 'term_id',
		)
	);
	return array_map(
		fn( \WP_Term $c ) => array(
			'id'              => $c->term_id,
			'name'            => text( $c->name ),
			'slug'            => $c->slug,
			'parent'          => $c->parent,
			'description'     => text( $c->description ),
			'backgroundImage' => '',
			'menuOrder'       => 0,
			'taxoSlug'        => 'category',
			'count'           => $c->count,
		),
		$terms
	);
}

/** Top-level categories that have posts, the default one ("Non classé") aside. */
function top_categories(): array {
	return array_values(
		array_filter(
			get_terms(
				array(
					'taxonomy'   => 'category',
					'parent'     => 0,
					'hide_empty' => false,
					'orderby'    => 'term_id',
				)
			),
			fn( $c ) => $c->term_id !== (int) get_option( 'default_category' ) && posts_query( array( 'cat' => $c->term_id, 'posts_per_page' => 1 ) )->found_posts > 0
		)
	);
}

function tag( \WP_Term $t ): array {
	return array(
		'id'     => $t->term_id,
		'name'   => text( $t->name ),
		'slug'   => $t->slug,
		'link'   => '/recherche?post_tags=' . rawurlencode( text( $t->name ) ),
		'source' => 'tag',
	);
}

/** The post's most specific category (a sub-category before its parent). */
function primary_category( \WP_Post $p ): ?\WP_Term {
	$terms = wp_get_post_terms( $p->ID, 'category', array( 'orderby' => 'term_id' ) );
	if ( ! $terms || is_wp_error( $terms ) ) {
		return null;
	}
	usort( $terms, fn( $a, $b ) => ( $b->parent <=> $a->parent ) ?: ( $a->term_id <=> $b->term_id ) );
	return $terms[0];
}

function top_of( \WP_Term $c ): \WP_Term {
	$ancestors = get_ancestors( $c->term_id, 'category', 'taxonomy' );
	return $ancestors ? get_term( end( $ancestors ), 'category' ) : $c;
}

function link_of( \WP_Post $p, ?\WP_Term $category ): string {
	return '/categories/' . ( $category ? top_of( $category )->slug : 'actualites' ) . '/' . slug_of( $p );
}

/** A draft has no slug until it is published (wp_insert_post): the one WordPress will give it. */
function slug_of( \WP_Post $p ): string {
	return '' !== $p->post_name ? $p->post_name : sanitize_title( $p->post_title, (string) $p->ID );
}

function card( \WP_Post $p ): array {
	$category = primary_category( $p );
	return array(
		'id'               => $p->ID,
		'title'            => $p->post_title,
		'slug'             => slug_of( $p ),
		'link'             => link_of( $p, $category ),
		'date'             => wp_date_time( $p->post_date ),
		'background_image' => '',
		'tag_list'         => array_map( __NAMESPACE__ . '\tag', wp_get_post_terms( $p->ID, 'post_tag' ) ),
		'label'            => null,
		'category'         => $category ? category_ref( $category ) : null,
	);
}

/** Gutenberg blocks to the worker's block list; anything else goes as an unknown block, shown as its text. */
function blocks( \WP_Post $p ): array {
	$out = array();
	foreach ( parse_blocks( $p->post_content ) as $block ) {
		$html = trim( (string) $block['innerHTML'] );
		if ( 'core/paragraph' === $block['blockName'] ) {
			$out[] = array(
				'type'    => 'paragraph',
				'content' => preg_replace( '#^<p[^>]*>|</p>$#', '', $html ),
			);
		} elseif ( 'core/heading' === $block['blockName'] ) {
			$out[] = array(
				'type'    => 'heading',
				'level'   => (int) ( $block['attrs']['level'] ?? 2 ),
				'content' => wp_strip_all_tags( $html ),
			);
		} elseif ( null === $block['blockName'] && '' !== $html ) {
			preg_match_all( '#<p>(.*?)</p>#s', wpautop( $html ), $m );
			foreach ( $m[1] as $paragraph ) {
				$out[] = array(
					'type'    => 'paragraph',
					'content' => trim( $paragraph ),
				);
			}
		} elseif ( $block['blockName'] ) {
			$out[] = array(
				'type'    => $block['blockName'],
				'content' => $html,
			);
		}
	}
	return $out;
}

function article( \WP_Post $p ): array {
	$card    = card( $p );
	$author  = get_userdata( (int) $p->post_author );
	$ids     = array();
	foreach ( wp_get_post_terms( $p->ID, 'category' ) as $c ) {
		$ids = array_merge( $ids, array( $c->term_id ), array_map( 'intval', get_ancestors( $c->term_id, 'category', 'taxonomy' ) ) );
	}
	$similar = $card['category'] ? posts_query(
		array(
			'cat'            => $card['category']['id'],
			'post__not_in'   => array( $p->ID ),
			'posts_per_page' => 3,
		)
	)->posts : array();
	$excerpt = text( wp_trim_words( wp_strip_all_tags( $p->post_excerpt ?: strip_shortcodes( $p->post_content ) ), 40, '…' ) );
	return array_merge(
		$card,
		array(
			'modified'           => wp_date_time( $p->post_modified ),
			'caption'            => '',
			'srcset'             => '',
			'illustration'       => '',
			'illustration_video' => '',
			'blocs'              => blocks( $p ),
			'tags'               => $card['tag_list'],
			'sidebar'            => null,
			'redirection'        => '',
			'auteur'             => array(
				'id'           => (int) $p->post_author,
				'nom'          => $author ? $author->display_name : '',
				'author_link'  => '',
				'description'  => $author ? $author->description : '',
				'role_edition' => '',
				'avatar_urls'  => array(
					'48' => '',
					'96' => '',
				),
				'phone_number' => '',
				'email'        => '',
			),
			'categories'         => array_values( array_unique( $ids ) ),
			'similarContent'     => array_map( __NAMESPACE__ . '\card', $similar ),
			'file_download_post' => null,
			'meta_title'         => '',
			'meta_description'   => '',
			'typeFlow'           => 'article',
			'excerpt'            => $excerpt,
			// WordPress's post_status: publish, future, draft, pending, private.
			'status'             => $p->post_status,
		)
	);
}

function posts_query( array $args ): \WP_Query {
	return new \WP_Query(
		array_merge(
			array(
				'post_type'           => 'post',
				'post_status'         => 'publish',
				'orderby'             => array(
					'date' => 'DESC',
					'ID'   => 'DESC',
				),
				'ignore_sticky_posts' => true,
			),
			$args
		)
	);
}

function latest_cards( int $n, ?int $category = null ): array {
	$args = array( 'posts_per_page' => $n );
	if ( null !== $category ) {
		$args['cat'] = $category;
	}
	return array_map( __NAMESPACE__ . '\card', posts_query( $args )->posts );
}

function invalid_param( string $param, string $reason ): \WP_Error {
	return new \WP_Error(
		'rest_invalid_param',
		'Paramètre(s) non valide(s) : ' . $param,
		array(
			'status' => 400,
			'params' => array( $param => $reason ),
		)
	);
}

/** GET /ffr/v1/posts: cards by page (with WordPress's totals), or the full article by slug. */
function posts_route( \WP_REST_Request $r ) {
	$per_page = $r['per_page'] ?? '10';
	$page     = $r['page'] ?? '1';
	if ( ! ctype_digit( (string) $per_page ) || $per_page < 1 || $per_page > 100 ) {
		return invalid_param( 'per_page', 'per_page doit être compris entre 1 (inclus) et 100 (inclus)' );
	}
	if ( ! ctype_digit( (string) $page ) || $page < 1 ) {
		return invalid_param( 'page', 'page doit être supérieur ou égal à 1' );
	}
	$args = array(
		'posts_per_page' => (int) $per_page,
		'paged'          => (int) $page,
	);
	if ( null !== $r['slug'] ) {
		$args['name'] = (string) $r['slug'];
	}
	if ( null !== $r['categories'] ) {
		$ids = explode( ',', (string) $r['categories'] );
		if ( array_filter( $ids, fn( $id ) => ! ctype_digit( $id ) ) ) {
			return invalid_param( 'categories', 'categories[0] n’est pas de type integer.' );
		}
		// `cat` takes the sub-categories' posts too, as the federation's category pages do.
		$args['cat'] = implode( ',', $ids );
	}
	if ( null !== $r['after'] ) {
		if ( ! preg_match( '/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/', (string) $r['after'] ) ) {
			return invalid_param( 'after', 'after n’est pas une date valide.' );
		}
		$args['date_query'] = array(
			array(
				'after'     => (string) $r['after'],
				'inclusive' => false,
			),
		);
	}
	$query = posts_query( $args );
	$total = (int) $query->found_posts;
	$pages = (int) ceil( $total / (int) $per_page );
	if ( $total > 0 && $page > $pages ) {
		return new \WP_Error( 'rest_post_invalid_page_number', 'Le nombre de pages demandé est plus grand que le nombre de pages disponibles.', array( 'status' => 400 ) );
	}
	$response = new \WP_REST_Response( array_map( null !== $r['slug'] ? __NAMESPACE__ . '\article' : __NAMESPACE__ . '\card', $query->posts ) );
	$response->header( 'X-WP-Total', (string) $total );
	$response->header( 'X-WP-TotalPages', (string) $pages );
	return $response;
}

/**
 * GET /ffr/v1/posts/{id} is only for a signed-in user (the worker's WP_PREVIEW_CREDENTIALS, an
 * application password) who may edit the post. Signed in first, so that a stranger learns nothing
 * about which ids exist; then core's codes and messages (class-wp-rest-posts-controller.php:
 * get_post, get_item_permissions_check, rest_authorization_required_code).
 */
function can_read_post( \WP_REST_Request $r ) {
	if ( ! is_user_logged_in() ) {
		return new \WP_Error( 'rest_forbidden', 'Désolé, vous n’avez pas l’autorisation de faire cela.', array( 'status' => rest_authorization_required_code() ) );
	}
	$post = get_post( (int) $r['id'] );
	if ( ! $post instanceof \WP_Post || 'post' !== $post->post_type ) {
		return new \WP_Error( 'rest_post_invalid_id', 'ID de publication non valide.', array( 'status' => 404 ) );
	}
	if ( ! current_user_can( 'edit_post', $post->ID ) ) {
		return new \WP_Error( 'rest_forbidden', 'Désolé, vous n’avez pas l’autorisation de faire cela.', array( 'status' => rest_authorization_required_code() ) );
	}
	return true;
}

/** The full article, whatever its status (draft, pending, future, private, publish). */
function post_route( \WP_REST_Request $r ): array {
	return article( get_post( (int) $r['id'] ) );
}

function pages_route( \WP_REST_Request $r ): array {
	$args = array(
		'post_type'      => 'page',
		'post_status'    => 'publish',
		'posts_per_page' => 100,
	);
	if ( null !== $r['slug'] ) {
		$args['name'] = (string) $r['slug'];
	}
	return array_map(
		fn( \WP_Post $p ) => array(
			'id'                   => $p->ID,
			'title'                => $p->post_title,
			'description'          => '',
			'excerpt'              => '',
			'slug'                 => $p->post_name,
			'label'                => '',
			'featured_media'       => null,
			'rencontre_background' => '',
			'liste_enfants'        => array(),
			'liste_freres'         => array(),
			'news'                 => array(),
			'genre'                => '',
			'template'             => (string) get_page_template_slug( $p ),
			'classe_age'           => '',
			'niveau'               => $p->post_parent ? 2 : 1,
			'parent'               => $p->post_parent,
			'redirection'          => '',
			'future_events'        => array(),
			'sidebar_content'      => '',
			'meta_title'           => '',
			'meta_description'     => '',
			'content'              => wpautop( $p->post_content ),
		),
		get_posts( $args )
	);
}

function home(): array {
	$sections = array(
		array(
			'type'  => 'a_la_une',
			'title' => 'À la une',
			'posts' => latest_cards( 5 ),
		),
	);
	foreach ( top_categories() as $c ) {
		$sections[] = array(
			'type'     => 'categorie',
			'title'    => text( $c->name ),
			'category' => category_ref( $c ),
			'posts'    => latest_cards( 4, $c->term_id ),
		);
	}
	$sections[] = array(
		'type'   => 'evenements',
		'title'  => 'Prochains événements',
		'events' => array(),
	);
	return array(
		'title'                   => 'Accueil',
		'banner_background_image' => '',
		'meta'                    => array(
			'title'       => text( get_option( 'blogname' ) ) . ' – ' . text( get_option( 'blogdescription' ) ),
			'description' => text( get_option( 'blogdescription' ) ),
		),
		'content'                 => array( 'data' => $sections ),
	);
}

function partners(): array {
	return array_map(
		fn( \WP_Post $p ) => array(
			'title'        => $p->post_title,
			'illustration' => array(
				'src' => '',
				'alt' => $p->post_title,
			),
			'target'       => '_blank',
			'link'         => (string) get_post_meta( $p->ID, 'lien', true ),
		),
		get_posts(
			array(
				'post_type'      => 'partenaire',
				'post_status'    => 'publish',
				'posts_per_page' => 50,
				'orderby'        => array(
					'menu_order' => 'ASC',
					'ID'         => 'ASC',
				),
			)
		)
	);
}

/** The three menus, found by slug, as trees (mode=hierarchical). */
function menus(): array {
	$out = array();
	foreach ( array( 'top-nav', 'categories', 'footer' ) as $slug ) {
		$menu  = wp_get_nav_menu_object( $slug );
		$items = $menu ? wp_get_nav_menu_items( $menu->term_id, array( 'update_post_term_cache' => false ) ) : array();
		$out[ $slug ] = menu_tree( $items ?: array(), 0 );
	}
	return $out;
}

function menu_tree( array $items, int $parent ): array {
	$tree = array();
	foreach ( $items as $item ) {
		if ( (int) $item->menu_item_parent !== $parent ) {
			continue;
		}
		$slug = '';
		$path = '';
		$type = $item->type;
		if ( 'taxonomy' === $type && 'category' === $item->object ) {
			$term = get_term( (int) $item->object_id, 'category' );
			if ( $term instanceof \WP_Term ) {
				$slug = $term->slug;
				$top  = top_of( $term );
				$path = $top->term_id === $term->term_id ? "categories/{$slug}" : "categories/{$top->slug}/{$slug}";
			}
		} elseif ( 'post_type' === $type ) {
			$slug = (string) get_post_field( 'post_name', (int) $item->object_id );
			$path = $slug;
		} elseif ( 'custom' === $type && wp_parse_url( $item->url, PHP_URL_HOST ) && wp_parse_url( $item->url, PHP_URL_HOST ) !== wp_parse_url( home_url(), PHP_URL_HOST ) ) {
			$type = 'external';
		}
		$tree[] = array(
			'id'            => $item->ID,
			'parent'        => $parent,
			'order'         => (int) $item->menu_order,
			'type'          => $type,
			'type_name'     => (string) $item->type_label,
			'type_slug'     => (string) $item->object,
			'object_id'     => (int) $item->object_id,
			'object_slug'   => $slug,
			'slug_complet'  => $path,
			'label'         => text( $item->title ),
			'url'           => $path ? '/' . $path : (string) $item->url,
			'title'         => text( $item->attr_title ?: $item->title ),
			'target'        => (string) $item->target,
			'description'   => (string) $item->description,
			'classes'       => array_values( array_filter( (array) $item->classes ) ),
			'items'         => menu_tree( $items, (int) $item->ID ),
		);
	}
	return $tree;
}
