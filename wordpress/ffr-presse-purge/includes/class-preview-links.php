<?php
/**
 * Links to the site signed for the worker, which checks them with its PREVIEW_SECRET:
 *
 *   sig = base64url, without padding, of HMAC-SHA256( "ffr-presse:{purpose}:{postId}:{exp}", secret )
 *
 * purpose « apercu » (an editor's preview, /categories/preview/post?p=…) or « embargo » (a
 * journalist's link to a scheduled post, /embargo/{id}), exp the end of validity in Unix seconds.
 * WordPress only makes links; the worker is the one that checks them.
 */

namespace FFRPresse\Purge;

defined( 'ABSPATH' ) || exit;

final class Preview_Links {
	const PURPOSE_PREVIEW = 'apercu';
	const PURPOSE_EMBARGO = 'embargo';

	/** The worker refuses a shorter PREVIEW_SECRET. */
	const MIN_SECRET_LENGTH = 32;

	const DEFAULT_TTL = 3600;
	const MAX_TTL     = 30 * 86400;

	public function __construct(
		private string $site_url,
		private string $secret,
		private int $ttl,
	) {}

	public function register(): void {
		add_filter( 'preview_post_link', array( $this, 'filter_preview_link' ), 10, 2 );
		add_action( 'template_redirect', array( $this, 'redirect_preview' ) );
	}

	/** « https://presse.ffr.fr » from FFR_PRESSE_SITE_URL (a trailing slash tolerated), null if it is not an http(s) origin. */
	public static function origin( $value ): ?string {
		if ( ! is_string( $value ) ) {
			return null;
		}
		$url   = rtrim( trim( $value ), '/' );
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || ! in_array( $parts['scheme'] ?? '', array( 'http', 'https' ), true ) || empty( $parts['host'] ) ) {
			return null;
		}
		if ( isset( $parts['path'] ) || isset( $parts['query'] ) || isset( $parts['fragment'] ) || isset( $parts['user'] ) ) {
			return null;
		}
		return $url;
	}

	public static function sign( string $secret, string $purpose, int $post_id, int $exp ): string {
		$mac = hash_hmac( 'sha256', 'ffr-presse:' . $purpose . ':' . $post_id . ':' . $exp, $secret, true );
		return rtrim( strtr( base64_encode( $mac ), '+/', '-_' ), '=' );
	}

	public function ttl(): int {
		return $this->ttl;
	}

	/** The editor's preview of a post, valid until $exp. */
	public function preview_url( int $post_id, int $exp ): string {
		return $this->site_url . '/categories/preview/post?' . http_build_query(
			array(
				'p'   => $post_id,
				'exp' => $exp,
				'sig' => self::sign( $this->secret, self::PURPOSE_PREVIEW, $post_id, $exp ),
			)
		);
	}

	/** A journalist's link to a scheduled post, valid until $exp. */
	public function embargo_url( int $post_id, int $exp ): string {
		return $this->site_url . '/embargo/' . $post_id . '?' . http_build_query(
			array(
				'exp' => $exp,
				'sig' => self::sign( $this->secret, self::PURPOSE_EMBARGO, $post_id, $exp ),
			)
		);
	}

	/**
	 * Every preview link WordPress makes for a post (edit screens, list rows, the admin bar, the
	 * autosave's preview_link) points at the site, signed for TTL seconds — but only for someone
	 * who may edit that post: anyone else keeps WordPress's own link, which gives them nothing.
	 *
	 * @param string   $link WordPress's link.
	 * @param \WP_Post $post
	 */
	public function filter_preview_link( $link, $post ) {
		if ( ! $post instanceof \WP_Post || 'post' !== $post->post_type || ! current_user_can( 'edit_post', $post->ID ) ) {
			return $link;
		}
		return $this->preview_url( $post->ID, time() + $this->ttl );
	}

	/**
	 * The block editor previews a draft at its own address plus preview=true, without asking
	 * preview_post_link (getEditedPostPreviewLink, wp-includes/js/dist/editor.js): WordPress's
	 * preview of a post sends its editors on to the signed link instead.
	 */
	public function redirect_preview(): void {
		if ( ! is_preview() ) {
			return;
		}
		// WordPress previews the changes of a published post with preview_id (wp-includes/post-template.php).
		$id   = isset( $_GET['preview_id'] ) ? absint( $_GET['preview_id'] ) : get_queried_object_id(); // phpcs:ignore WordPress.Security.NonceVerification -- a read, WordPress checks preview_nonce itself
		$post = $id ? get_post( $id ) : null;
		if ( ! $post instanceof \WP_Post || 'post' !== $post->post_type || ! current_user_can( 'edit_post', $post->ID ) ) {
			return;
		}
		wp_redirect( $this->preview_url( $post->ID, time() + $this->ttl ), 302, 'FFR Presse' ); // phpcs:ignore WordPress.Security.SafeRedirect -- the site's own origin, from wp-config.php
		exit;
	}
}
