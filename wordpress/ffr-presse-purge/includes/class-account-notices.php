<?php
/**
 * Tells the site when the press office changes a journalist's status (user meta `journaliste`),
 * mail consent (`journaliste_optin_mail`), address (`user_email`) or the answers to their
 * accreditation requests (`journaliste_accreditations_events`), or deletes the account: the site's
 * press alerts follow, and mail each new answer once. Sent like a purge (same Sender: signed, a
 * nonce per send, retried by WP-Cron), to the same POST /api/purge:
 *
 *   {"type":"account","action":"update","account":{"id":"<id_sso>","journaliste":"oui","optin_mail":true,
 *    "email":"…","accreditations":[{"event_id":12,"status":"valide","title":"…","date":"…"}]}}
 *   {"type":"account","action":"delete","account":{"id":"<id_sso>"},"changed_at":1795934087123}
 *
 * `changed_at` (milliseconds) is when the change was made: a notice retried by WP-Cron after a
 * newer one is taken by the site and changes nothing.
 *
 * The account is named by `id_sso`, the subject the federation's identity provider gives it (what
 * the site knows a journalist by): a user without one is unknown to the site, and nothing is sent.
 */

namespace FFRPresse\Purge;

defined( 'ABSPATH' ) || exit;

final class Account_Notices {
	const STATUS_KEY = 'journaliste';
	const OPTIN_KEY  = 'journaliste_optin_mail';
	const SSO_KEY    = 'id_sso';

	/** The journalist's requests, each `event_id`, `title`, `date` and `status` (attente, valide, refuse, fermee). */
	const ACCREDITATIONS_KEY = 'journaliste_accreditations_events';
	/** The latest requests sent, each title cut: the site takes 20 of 200 characters at most in a body of 8 KiB. */
	const MAX_ACCREDITATIONS = 20;
	const MAX_TITLE_LENGTH   = 150;

	/** What the site takes (src/cache/purge.server.ts): an id of 1 to 128 characters, a status of 32 at most. */
	const MAX_ID_LENGTH     = 128;
	const MAX_STATUS_LENGTH = 32;

	/** @var array<int, true> users whose status or consent changed in this request */
	private array $changed = array();

	/** @var array<int, true> users deleted in this request */
	private array $deleted = array();

	public function __construct( private Sender $sender ) {}

	public function register(): void {
		// add_metadata(), update_metadata() and delete_metadata() (wp-includes/meta.php) fire these
		// once the row is written, and update_metadata() returns before it when the value is unchanged.
		// Several changes of one user in one request make one notice, sent at shutdown (below).
		add_action( 'added_user_meta', array( $this, 'meta_changed' ), 10, 3 );
		add_action( 'updated_user_meta', array( $this, 'meta_changed' ), 10, 3 );
		add_action( 'deleted_user_meta', array( $this, 'meta_changed' ), 10, 3 );
		add_action( 'profile_update', array( $this, 'profile_updated' ), 10, 2 );
		// wp_delete_user() (wp-admin/includes/user.php) fires delete_user before it deletes the user's
		// meta, so id_sso can still be read. On a multisite network it only takes the user off one
		// site; the user is deleted by wpmu_delete_user() (wp-admin/includes/ms.php), which fires
		// wpmu_delete_user before deleting the meta.
		add_action( 'delete_user', array( $this, 'user_deleted' ), 10, 1 );
		add_action( 'wpmu_delete_user', array( $this, 'network_user_deleted' ), 10, 1 );
		// Before the Sender's flush (priority 100), once every change of the request is made.
		add_action( 'shutdown', array( $this, 'flush' ), 90 );
	}

	/** A notice must never break a save: any failure here is logged (without the account) and the save goes on. */
	private static function guard( callable $fn ): void {
		try {
			$fn();
		} catch ( \Throwable $e ) {
			error_log( 'FFR Presse purge: ' . $e->getMessage() );
		}
	}

	public function meta_changed( $meta_id, $user_id, $meta_key ): void {
		$user_id = (int) $user_id;
		if ( $user_id > 0 && in_array( $meta_key, array( self::STATUS_KEY, self::OPTIN_KEY, self::ACCREDITATIONS_KEY ), true ) ) {
			$this->changed[ $user_id ] = true;
		}
	}

	/** wp_update_user() (wp-includes/user.php) fires profile_update with the user as it was: an address changed. */
	public function profile_updated( $user_id, $old_user_data = null ): void {
		$user = get_userdata( (int) $user_id );
		if ( $user && $old_user_data instanceof \WP_User && $user->user_email !== $old_user_data->user_email ) {
			$this->changed[ (int) $user_id ] = true;
		}
	}

	public function user_deleted( $user_id ): void {
		if ( ! is_multisite() ) {
			$this->deleted_now( (int) $user_id );
		}
	}

	public function network_user_deleted( $user_id ): void {
		$this->deleted_now( (int) $user_id );
	}

	private function deleted_now( int $user_id ): void {
		self::guard(
			function () use ( $user_id ) {
				// Its meta goes next (delete_metadata_by_mid fires deleted_user_meta): no update notice after this.
				$this->deleted[ $user_id ] = true;
				$id = self::sso_id( $user_id );
				if ( null !== $id ) {
					$this->sender->add(
						array(
							'type'       => 'account',
							'action'     => 'delete',
							'account'    => array( 'id' => $id ),
							'changed_at' => self::now_ms(),
						),
						'account:' . $user_id
					);
				}
			}
		);
	}

	public function flush(): void {
		$changed       = array_keys( array_diff_key( $this->changed, $this->deleted ) );
		$this->changed = array();
		foreach ( $changed as $user_id ) {
			self::guard(
				function () use ( $user_id ) {
					$body = self::update_body( $user_id );
					if ( $body ) {
						$this->sender->add( $body, 'account:' . $user_id );
					}
				}
			);
		}
	}

	/** The account as it stands at the end of the request, or null when the site cannot know it. */
	public static function update_body( int $user_id ): ?array {
		$user = get_userdata( $user_id );
		if ( ! $user ) {
			return null;
		}
		$id = self::sso_id( $user_id );
		if ( null === $id ) {
			return null;
		}
		$account = array(
			'id'          => $id,
			'journaliste' => self::status( get_user_meta( $user_id, self::STATUS_KEY, true ) ),
			'optin_mail'  => self::flag( get_user_meta( $user_id, self::OPTIN_KEY, true ) ),
			'email'       => substr( (string) $user->user_email, 0, 254 ),
		);
		$accreditations = self::accreditations( get_user_meta( $user_id, self::ACCREDITATIONS_KEY, true ) );
		if ( array() !== $accreditations ) {
			$account['accreditations'] = $accreditations;
		}
		return array(
			'type'       => 'account',
			'action'     => 'update',
			'account'    => $account,
			'changed_at' => self::now_ms(),
		);
	}

	/** When the change was made, in milliseconds: the site never lets an older notice override a newer one (WP-Cron retries). */
	private static function now_ms(): int {
		return (int) floor( microtime( true ) * 1000 );
	}

	/** The requests as the site takes them: an event id, a status, a title and a date each; the latest MAX_ACCREDITATIONS. */
	private static function accreditations( $value ): array {
		if ( ! is_array( $value ) ) {
			return array();
		}
		$requests = array();
		foreach ( $value as $entry ) {
			$event_id = is_array( $entry ) && isset( $entry['event_id'] ) && is_numeric( $entry['event_id'] ) ? (int) $entry['event_id'] : 0;
			if ( $event_id <= 0 ) {
				continue;
			}
			$requests[] = array(
				'event_id' => $event_id,
				'status'   => self::status( $entry['status'] ?? '' ),
				'title'    => is_string( $entry['title'] ?? null ) ? mb_substr( $entry['title'], 0, self::MAX_TITLE_LENGTH ) : '',
				'date'     => is_string( $entry['date'] ?? null ) ? substr( $entry['date'], 0, 32 ) : '',
			);
		}
		return array_slice( $requests, -self::MAX_ACCREDITATIONS );
	}

	/** The user's id_sso, or null when it has none the site would take. */
	private static function sso_id( int $user_id ): ?string {
		$value = get_user_meta( $user_id, self::SSO_KEY, true );
		if ( ! is_string( $value ) && ! is_int( $value ) ) {
			return null;
		}
		$value = trim( (string) $value );
		return '' !== $value && strlen( $value ) <= self::MAX_ID_LENGTH ? $value : null;
	}

	/** oui, non, a_valider, refuse, en_attente_infos as stored; anything else (none among them) is no status. */
	private static function status( $value ): string {
		$value = is_string( $value ) ? trim( $value ) : '';
		return strlen( $value ) <= self::MAX_STATUS_LENGTH ? $value : '';
	}

	/** The consent as WordPress stores a boolean ('1' or '') or as a form may ('true', 'on', 'oui'…). */
	private static function flag( $value ): bool {
		if ( is_bool( $value ) ) {
			return $value;
		}
		if ( ! is_scalar( $value ) ) {
			return false;
		}
		return in_array( strtolower( trim( (string) $value ) ), array( '1', 'true', 'on', 'yes', 'oui' ), true );
	}
}
