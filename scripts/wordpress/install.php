<?php
/**
 * Installs the throw-away WordPress of scripts/wordpress/setup.mjs without the web installer
 * (Debian has no wp-cli): `php install.php <ABSPATH>`, options as JSON on stdin, result as JSON
 * on stdout.
 *
 *   1. wp_install() with WP_INSTALLING, as wp-admin/install.php does;
 *   2. in a second run (`configure`), with WordPress loaded normally so that must-use plugins
 *      (the ffr/v1 shim and its post types) are active: options, users, application passwords,
 *      a small corpus, menus, and last the plugins to activate — last, so that seeding sends no
 *      purge to a worker that may not be running yet.
 */

$ffr_abspath = rtrim( $argv[1] ?? '', '/' ) . '/';
$ffr_step    = $argv[2] ?? 'install';
$ffr_options = json_decode( stream_get_contents( STDIN ), true ) ?: array();

if ( 'install' === $ffr_step ) {
	define( 'WP_INSTALLING', true );
}
$_SERVER['HTTP_HOST']       = parse_url( $ffr_options['url'], PHP_URL_HOST ) . ':' . parse_url( $ffr_options['url'], PHP_URL_PORT );
$_SERVER['REQUEST_URI']     = '/';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
require $ffr_abspath . 'wp-load.php';

if ( 'install' === $ffr_step ) {
	// No mail on this machine: the "new site" mail is pluggable, skipped by defining it first
	// (wp-admin/includes/upgrade.php).
	function wp_new_blog_notification() {}
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	$ffr_result = wp_install( $ffr_options['title'], 'admin', 'admin@example.fr', false, '', wp_slash( $ffr_options['adminPassword'] ) );
	echo wp_json_encode( array( 'userId' => $ffr_result['user_id'] ) );
	exit;
}

require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/nav-menu.php';

update_option( 'blogdescription', $ffr_options['description'] );
update_option( 'timezone_string', 'Europe/Paris' );
// The federation's WordPress is in French: the plugins' own translations are loaded (WordPress's
// are not installed here, so core stays in English). Written straight to the table: update_option()
// only accepts a language whose core files are installed (sanitize_option, wp-includes/formatting.php).
$wpdb->query( $wpdb->prepare( "INSERT INTO `{$wpdb->options}` ( `option_name`, `option_value`, `autoload` ) VALUES ( 'WPLANG', %s, 'yes' ) ON DUPLICATE KEY UPDATE `option_value` = VALUES( `option_value` )", 'fr_FR' ) );
wp_cache_delete( 'alloptions', 'options' );
wp_cache_delete( 'WPLANG', 'options' );
update_option( 'date_format', 'd/m/Y' );
update_option( 'time_format', 'G\hi' );
global $wp_rewrite;
$wp_rewrite->set_permalink_structure( '/%postname%/' );
$wp_rewrite->flush_rules( false );

$ffr_editor = wp_insert_user(
	array(
		'user_login'   => 'redaction',
		'user_pass'    => $ffr_options['editorPassword'],
		'user_email'   => 'redaction@example.fr',
		'display_name' => 'Service de presse FFR',
		'role'         => 'editor',
	)
);
if ( is_wp_error( $ffr_editor ) ) {
	fwrite( STDERR, $ffr_editor->get_error_message() . "\n" );
	exit( 1 );
}
$ffr_passwords = array();
foreach ( array( 'admin', 'redaction' ) as $ffr_login ) {
	$ffr_user                    = get_user_by( 'login', $ffr_login );
	$ffr_created                 = WP_Application_Passwords::create_new_application_password( $ffr_user->ID, array( 'name' => 'tests' ) );
	$ffr_passwords[ $ffr_login ] = $ffr_created[0];
}

// WordPress's sample post, page and comment are not press releases.
wp_delete_post( 1, true );
wp_delete_post( 2, true );
wp_update_term( (int) get_option( 'default_category' ), 'category', array( 'name' => 'Non classé', 'slug' => 'non-classe' ) );

// A small corpus in the federation's categories, so that every page of the site has something to show.
$ffr_categories = array();
foreach (
	array(
		array( 'XV de France', 'xv-de-france', '' ),
		array( 'Tournoi des Six Nations', 'tournoi-des-six-nations', 'xv-de-france' ),
		array( 'France féminine', 'france-feminine', '' ),
		array( 'France 7', 'france-7', '' ),
		array( 'Communiqués de presse', 'communiques-de-presse', '' ),
	) as [ $ffr_name, $ffr_slug, $ffr_parent ]
) {
	$ffr_term                    = wp_insert_term( $ffr_name, 'category', array( 'slug' => $ffr_slug, 'parent' => $ffr_parent ? $ffr_categories[ $ffr_parent ] : 0 ) );
	$ffr_categories[ $ffr_slug ] = $ffr_term['term_id'];
}
if ( ! empty( $ffr_options['seed'] ) ) {
	$ffr_posts = array(
		array( 'La composition du XV de France face aux All Blacks', 'xv-de-france', array( 'All Blacks', 'Tests d’automne' ), '-9 days' ),
		array( 'Six Nations : le groupe des Bleus pour le stage de Marcoussis', 'tournoi-des-six-nations', array( 'Six Nations' ), '-8 days' ),
		array( 'Les Bleues s’imposent à Grenoble', 'france-feminine', array( 'Six Nations' ), '-7 days' ),
		array( 'France 7 en quarts de finale à Dubaï', 'france-7', array( 'HSBC SVNS' ), '-6 days' ),
		array( 'Accréditations presse pour le match France – Afrique du Sud', 'communiques-de-presse', array(), '-5 days' ),
		array( 'Conférence de presse de Fabien Galthié', 'xv-de-france', array( 'Tests d’automne' ), '-4 days' ),
	);
	foreach ( $ffr_posts as [ $ffr_title, $ffr_category, $ffr_tags, $ffr_when ] ) {
		wp_insert_post(
			array(
				'post_title'    => $ffr_title,
				'post_content'  => "<!-- wp:paragraph -->\n<p>La Fédération française de rugby communique&nbsp;: " . esc_html( $ffr_title ) . ".</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>Retrouvez toutes les informations pratiques dans l’espace presse.</p>\n<!-- /wp:paragraph -->",
				'post_status'   => 'publish',
				'post_author'   => $ffr_editor,
				'post_date'     => wp_date( 'Y-m-d H:i:s', strtotime( $ffr_when ) ),
				'post_category' => array( $ffr_categories[ $ffr_category ] ),
				'tags_input'    => $ffr_tags,
			)
		);
	}
	$ffr_page = wp_insert_post(
		array(
			'post_type'    => 'page',
			'post_title'   => 'Mentions légales',
			'post_name'    => 'mentions-legales',
			'post_content' => '<p>Ce site est édité par la Fédération française de rugby, 3-5 rue Jean de Montaigu, 91460 Marcoussis.</p>',
			'post_status'  => 'publish',
		)
	);
	if ( post_type_exists( 'partenaire' ) ) {
		foreach ( array( 'GMF' => 'https://www.gmf.fr', 'Société Générale' => 'https://www.societegenerale.com' ) as $ffr_title => $ffr_link ) {
			wp_insert_post(
				array(
					'post_type'   => 'partenaire',
					'post_title'  => $ffr_title,
					'post_status' => 'publish',
					'meta_input'  => array( 'lien' => $ffr_link ),
				)
			);
		}
	}
	// The three menus the site reads (ffr/v1/nav-menus), found by slug.
	$ffr_menu = wp_create_nav_menu( 'categories' );
	foreach ( array( 'xv-de-france', 'france-feminine', 'france-7', 'communiques-de-presse' ) as $ffr_i => $ffr_slug ) {
		wp_update_nav_menu_item(
			$ffr_menu,
			0,
			array(
				'menu-item-type'      => 'taxonomy',
				'menu-item-object'    => 'category',
				'menu-item-object-id' => $ffr_categories[ $ffr_slug ],
				'menu-item-position'  => $ffr_i + 1,
				'menu-item-status'    => 'publish',
			)
		);
	}
	$ffr_footer = wp_create_nav_menu( 'footer' );
	wp_update_nav_menu_item(
		$ffr_footer,
		0,
		array(
			'menu-item-type'      => 'post_type',
			'menu-item-object'    => 'page',
			'menu-item-object-id' => $ffr_page,
			'menu-item-status'    => 'publish',
		)
	);
	wp_create_nav_menu( 'top-nav' );
}

foreach ( $ffr_options['activate'] ?? array() as $ffr_plugin ) {
	$ffr_activated = activate_plugin( $ffr_plugin );
	if ( is_wp_error( $ffr_activated ) ) {
		fwrite( STDERR, $ffr_plugin . ': ' . $ffr_activated->get_error_message() . "\n" );
		exit( 1 );
	}
}

echo wp_json_encode(
	array(
		'editorId'             => $ffr_editor,
		'applicationPasswords' => $ffr_passwords,
		'categories'           => $ffr_categories,
	)
);
