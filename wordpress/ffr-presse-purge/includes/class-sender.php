<?php
/**
 * Signs and sends purge bodies to the worker, once per request, and retries failures with WP-Cron.
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
		add_action( self::RETRY_HOOK, array( $this, 'retry' ) );
		// After wp_ob_end_flush_all (priority 1): the response is written before we wait on the worker.
		add_action( 'shutdown', array( $this, 'flush' ), 100 );
	}

	public static function deactivate(): void {
		wp_clear_scheduled_hook( self::RETRY_HOOK );
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
				$this->add_to_retry_queue( $json );
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
		$signature = base64_encode( hash_hmac( 'sha256', $timestamp . '.' . $json, $this->secret, true ) );
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
					'body'        => $json,
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
		update_option(
			self::LAST_ERROR_OPTION,
			array(
				'time'    => $result['time'],
				'status'  => $result['status'],
				'error'   => $result['error'],
				'message' => $result['message'],
				'retry'   => true,
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
	 * The single cron event: every queued body is tried again (each with a new timestamp), the ones
	 * that fail wait twice as long, and after MAX_RETRIES a body is given up.
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
			}
		}
	}

	private function save_queue( array $queue ): void {
		wp_clear_scheduled_hook( self::RETRY_HOOK );
		if ( ! $queue ) {
			delete_option( self::QUEUE_OPTION );
			return;
		}
		update_option( self::QUEUE_OPTION, $queue, false );
		$attempts = min( array_map( static fn( $item ) => (int) $item['attempts'], $queue ) );
		// 1 failure: 1 minute, 2: 2 minutes… 5: 16 minutes.
		wp_schedule_single_event( time() + MINUTE_IN_SECONDS * ( 2 ** ( $attempts - 1 ) ), self::RETRY_HOOK );
	}
}
