<?php
/**
 * Signs and sends purge bodies to the worker, once per request, and retries the failures a retry can
 * fix: by WP-Cron, and also at the end of a later admin or REST request once the retry is due, so
 * that a site whose WP-Cron never runs (DISABLE_WP_CRON without a system cron, no visits) still
 * catches up as soon as someone works in it or the site reads from it.
 */

namespace FFRPresse\Purge;

defined( 'ABSPATH' ) || exit;

final class Sender {
	// Our own options start with ffr_presse_purge_: Triggers excludes them from the "ffr_*
	// settings" rule, or recording a result would itself ask for a purge.
	const QUEUE_OPTION       = 'ffr_presse_purge_queue';
	const LAST_RESULT_OPTION = 'ffr_presse_purge_last_result';
	const LAST_ERROR_OPTION  = 'ffr_presse_purge_last_error';
	const RETRY_HOOK         = 'ffr_presse_purge_retry';
	/** When the queue is due (Unix seconds), autoloaded: every request's shutdown reads it for free. */
	const RETRY_AT_OPTION = 'ffr_presse_purge_retry_at';
	/** Held while one request retries the queue, so that two requests never send it twice at once. */
	const LOCK_OPTION = 'ffr_presse_purge_retry_lock';

	/** Retries after the first failure, 1, 2, 4, 8 then 16 minutes apart. */
	const MAX_RETRIES = 5;

	/** A worker down for days must not grow the queue option without end. */
	const MAX_QUEUED = 50;

	/** @var array<string, string> key => JSON body, in the order they were asked for. */
	private array $pending = array();

	public function __construct(
		private string $url,
		private string $secret,
		private float $timeout,
	) {}

	public function register(): void {
		add_action( self::RETRY_HOOK, array( $this, 'retry_locked' ) );
		// After wp_ob_end_flush_all (priority 1): the response is written before we wait on the worker.
		add_action( 'shutdown', array( $this, 'flush' ), 100 );
		// Then the queue, if due: after this request's own bodies, which may have just been queued.
		add_action( 'shutdown', array( $this, 'retry_if_due' ), 110 );
	}

	public static function deactivate(): void {
		wp_clear_scheduled_hook( self::RETRY_HOOK );
	}

	/**
	 * Whether sending the same body again may succeed. A 4xx says the request itself is wrong (400
	 * a body the site refuses, 401 a wrong secret or a clock more than 5 minutes off, 404 a wrong
	 * URL, 413 too large…): the same body, signed the same way, gets the same answer. Except 408
	 * (the site gave up waiting) and 429 (too many purges at once). No answer at all (0), 3xx and
	 * 5xx may pass later.
	 */
	public static function is_retryable( int $status ): bool {
		return ! ( $status >= 400 && $status < 500 && 408 !== $status && 429 !== $status );
	}

	public static function encode( array $body ): string {
		return (string) wp_json_encode( $body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	}

	/**
	 * Asks for a purge at the end of the request. Identical bodies are sent once; a body with the
	 * key of an earlier one replaces it (a post saved twice in one request sends its net change).
	 */
	public function add( array $body, ?string $key = null ): void {
		$json = self::encode( $body );
		$key  = $key ?? $json;
		unset( $this->pending[ $key ] );
		if ( ! in_array( $json, $this->pending, true ) ) {
			$this->pending[ $key ] = $json;
		}
	}

	public function cancel( string $key ): void {
		unset( $this->pending[ $key ] );
	}

	public function flush(): void {
		$bodies        = array_values( $this->pending );
		$this->pending = array();
		if ( ! $bodies ) {
			return;
		}
		try {
			$this->deliver( $bodies );
		} catch ( \Throwable $e ) {
			error_log( 'FFR Presse purge: ' . $e->getMessage() );
		}
	}

	/** @param string[] $bodies */
	private function deliver( array $bodies ): void {
		// Under PHP-FPM the editor gets its answer now, not after our round trip to the worker.
		if ( function_exists( 'fastcgi_finish_request' ) ) {
			fastcgi_finish_request();
		}
		$unreachable = false;
		foreach ( $bodies as $json ) {
			if ( $unreachable ) {
				$this->add_to_retry_queue( $json );
				continue;
			}
			$result = $this->send( $json );
			if ( ! $result['ok'] ) {
				if ( self::is_retryable( $result['status'] ) ) {
					$this->add_to_retry_queue( $json );
				}
				// A worker that cannot be reached will not be reached by the next body either: one
				// timeout at most per request.
				$unreachable = 0 === $result['status'];
			}
		}
	}

	/**
	 * One signed POST, with a fresh timestamp. Records the outcome, never throws.
	 *
	 * @return array{ok: bool, status: int, error: string, message: string, time: int, body: string}
	 */
	public function send( string $json ): array {
		$timestamp = (string) time();
		// The site takes a signature once (a replayed request marks nothing): every send, a retry
		// included, carries a nonce of its own, so that two saves in the same second both count.
		$decoded = json_decode( $json, true );
		$sent    = is_array( $decoded ) ? self::encode( $decoded + array( 'nonce' => wp_generate_uuid4() ) ) : $json;
		$signature = base64_encode( hash_hmac( 'sha256', $timestamp . '.' . $sent, $this->secret, true ) );
		try {
			$response = wp_remote_post(
				$this->url,
				array(
					'timeout'     => $this->timeout,
					'redirection' => 0,
					'headers'     => array(
						'Content-Type'    => 'application/json',
						'X-FFR-Timestamp' => $timestamp,
						'X-FFR-Signature' => $signature,
					),
					'body'        => $sent,
				)
			);
		} catch ( \Throwable $e ) {
			$response = new \WP_Error( 'ffr_presse_purge_exception', $e->getMessage() );
		}

		if ( is_wp_error( $response ) ) {
			$result = array(
				'ok'      => false,
				'status'  => 0,
				'error'   => $response->get_error_message(),
				'message' => '',
			);
		} else {
			$status  = (int) wp_remote_retrieve_response_code( $response );
			$decoded = json_decode( (string) wp_remote_retrieve_body( $response ), true );
			$result  = array(
				'ok'      => $status >= 200 && $status < 300,
				'status'  => $status,
				'error'   => '',
				'message' => is_array( $decoded ) && is_string( $decoded['message'] ?? null ) ? mb_substr( $decoded['message'], 0, 300 ) : '',
			);
		}
		$result['time'] = time();
		$result['body'] = $json;
		$this->record( $result );
		return $result;
	}

	private function record( array $result ): void {
		update_option( self::LAST_RESULT_OPTION, $result, false );
		if ( $result['ok'] ) {
			delete_option( self::LAST_ERROR_OPTION );
			return;
		}
		$retryable = self::is_retryable( $result['status'] );
		update_option(
			self::LAST_ERROR_OPTION,
			array(
				'time'      => $result['time'],
				'status'    => $result['status'],
				'error'     => $result['error'],
				'message'   => $result['message'],
				// Another attempt is planned; « refused »: a retry cannot fix this answer, none is made.
				'retry'     => $retryable,
				'refused'   => ! $retryable,
			),
			true
		);
	}

	/** Keeps a failed body for WP-Cron. Requests race on the option; a lost entry costs one stale minute. */
	public function add_to_retry_queue( string $json ): void {
		$queue = $this->queued();
		foreach ( $queue as $item ) {
			if ( $item['body'] === $json ) {
				return;
			}
		}
		$queue[] = array(
			'body'     => $json,
			'attempts' => 1,
		);
		$this->save_queue( array_slice( $queue, -self::MAX_QUEUED ) );
	}

	/** @return array<int, array{body: string, attempts: int}> */
	public function queued(): array {
		$queue = get_option( self::QUEUE_OPTION, array() );
		return is_array( $queue ) ? array_values( $queue ) : array();
	}

	/**
	 * At the end of an admin request (wp-admin, admin-ajax, admin-post) or a REST request (the site
	 * reads WordPress through it all the time), the queue is retried if its time has come and no other
	 * request is at it: at most once a request, and each pass moves the next one 1, 2, 4… minutes on,
	 * as the cron event does. Front-end views and command-line runs leave it to WP-Cron (filter
	 * `ffr_presse_purge_retry_on_request` to change that).
	 */
	public function retry_if_due(): void {
		try {
			if ( wp_doing_cron() ) {
				return;
			}
			$due = (int) get_option( self::RETRY_AT_OPTION, 0 );
			if ( $due <= 0 || $due > time() ) {
				return;
			}
			$context = is_admin() || wp_doing_ajax() || ( defined( 'REST_REQUEST' ) && REST_REQUEST );
			if ( ! apply_filters( 'ffr_presse_purge_retry_on_request', $context ) ) {
				return;
			}
			// Under PHP-FPM the editor, or the site reading WordPress, has its answer before we wait on
			// the worker; elsewhere the wait is bounded by the timeout, once per due time.
			if ( function_exists( 'fastcgi_finish_request' ) ) {
				fastcgi_finish_request();
			}
			$this->retry_locked();
		} catch ( \Throwable $e ) {
			error_log( 'FFR Presse purge: ' . $e->getMessage() );
		}
	}

	/**
	 * retry() under the lock, if the queue is still due once the lock is held: the cron event and a
	 * request's shutdown that both find it due make one pass, not two (the first moves the due time on).
	 * Does nothing when another request holds the lock.
	 */
	public function retry_locked(): void {
		if ( ! $this->lock() ) {
			return;
		}
		try {
			global $wpdb;
			// From the table, not the options cache this request loaded at its start.
			$due = $wpdb->get_var( $wpdb->prepare( "SELECT `option_value` FROM `{$wpdb->options}` WHERE `option_name` = %s", self::RETRY_AT_OPTION ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			// No due time with a queue: a queue left by version 1.1, due at once.
			if ( null === $due || (int) $due <= time() ) {
				wp_cache_delete( self::QUEUE_OPTION, 'options' );
				$this->retry();
			}
		} finally {
			$this->unlock();
		}
	}

	/**
	 * A lock row in the options table, as core's WP_Upgrader::create_lock makes one: INSERT IGNORE
	 * adds it or fails when it exists (add_option() would not do: it inserts « ON DUPLICATE KEY
	 * UPDATE », so two requests could both think they won). A lock left by a request that died is
	 * taken over once it is older than a full pass could last, by one request only (the UPDATE
	 * matches the old value).
	 */
	private function lock(): bool {
		global $wpdb;
		$now     = time();
		$created = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO `{$wpdb->options}` ( `option_name`, `option_value`, `autoload` ) VALUES ( %s, %s, 'no' )", self::LOCK_OPTION, (string) $now ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- an atomic lock
		if ( $created ) {
			return true;
		}
		$since = (string) $wpdb->get_var( $wpdb->prepare( "SELECT `option_value` FROM `{$wpdb->options}` WHERE `option_name` = %s", self::LOCK_OPTION ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$stale = (int) ceil( $this->timeout ) * self::MAX_QUEUED + MINUTE_IN_SECONDS;
		if ( '' === $since || (int) $since + $stale >= $now ) {
			return false;
		}
		return (bool) $wpdb->query( $wpdb->prepare( "UPDATE `{$wpdb->options}` SET `option_value` = %s WHERE `option_name` = %s AND `option_value` = %s", (string) $now, self::LOCK_OPTION, $since ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	private function unlock(): void {
		global $wpdb;
		$wpdb->delete( $wpdb->options, array( 'option_name' => self::LOCK_OPTION ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		wp_cache_delete( self::LOCK_OPTION, 'options' );
	}

	/**
	 * Every queued body is tried again (each with a new timestamp), the ones that fail wait twice as
	 * long, and after MAX_RETRIES a body is given up. A body the site refuses for good (a 4xx a retry
	 * cannot fix) is dropped at once. Sending a purge twice only purges twice: a pass that races with
	 * another does no harm.
	 */
	public function retry(): void {
		$remaining   = array();
		$gave_up     = false;
		$unreachable = false;
		foreach ( $this->queued() as $item ) {
			if ( ! $unreachable ) {
				$result = $this->send( $item['body'] );
				if ( $result['ok'] ) {
					continue;
				}
				if ( ! self::is_retryable( $result['status'] ) ) {
					$gave_up = true;
					continue;
				}
				$unreachable = 0 === $result['status'];
			}
			$item['attempts'] = (int) $item['attempts'] + 1;
			if ( $item['attempts'] > self::MAX_RETRIES ) {
				$gave_up = true;
				continue;
			}
			$remaining[] = $item;
		}
		$this->save_queue( $remaining );
		if ( $gave_up && ! $remaining ) {
			$error = get_option( self::LAST_ERROR_OPTION );
			if ( is_array( $error ) ) {
				$error['retry'] = false;
				update_option( self::LAST_ERROR_OPTION, $error, true );
				$this->alert( $error );
			}
		}
	}

	/**
	 * Tells someone when the retries are over: the notice in wp-admin waits for an editor to come by,
	 * the site meanwhile shows what it had. One e-mail per give-up, to FFR_PRESSE_PURGE_ALERT_EMAIL or
	 * else the site's administration address (wp_mail, so the site's mailer and its logs apply).
	 */
	private function alert( array $error ): void {
		$to = defined( 'FFR_PRESSE_PURGE_ALERT_EMAIL' ) ? (string) FFR_PRESSE_PURGE_ALERT_EMAIL : (string) get_option( 'admin_email' );
		if ( ! is_email( $to ) ) {
			return;
		}
		$why = $error['status'] ? sprintf( 'HTTP %d %s', $error['status'], $error['message'] ) : $error['error'];
		$body = sprintf(
			/* translators: 1: the last error, 2: the number of retries */
			__( 'The site did not accept the cache purges after a publication, and the %2$d automatic retries have failed (last error: %1$s). The site may show old content until the next purge.', 'ffr-presse-purge' ),
			trim( $why ),
			self::MAX_RETRIES
		) . "\n\n" . __( 'What to do: check the site’s /__health and the purge secret on both sides, then use “Purge the site cache” in the admin bar.', 'ffr-presse-purge' );
		wp_mail( $to, __( 'FFR Presse: the site’s cache could not be purged', 'ffr-presse-purge' ), $body );
	}

	private function save_queue( array $queue ): void {
		wp_clear_scheduled_hook( self::RETRY_HOOK );
		if ( ! $queue ) {
			delete_option( self::QUEUE_OPTION );
			delete_option( self::RETRY_AT_OPTION );
			return;
		}
		update_option( self::QUEUE_OPTION, $queue, false );
		$attempts = min( array_map( static fn( $item ) => (int) $item['attempts'], $queue ) );
		// 1 failure: 1 minute, 2: 2 minutes… 5: 16 minutes.
		$at = time() + MINUTE_IN_SECONDS * ( 2 ** ( $attempts - 1 ) );
		update_option( self::RETRY_AT_OPTION, $at, true );
		wp_schedule_single_event( $at, self::RETRY_HOOK );
	}
}
