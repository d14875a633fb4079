<?php
/**
 * Does this PHP run on PHP 8.0? The plugin says « Requires PHP: 8.0 » but this machine has 8.2, whose
 * `php -l` accepts everything 8.1 and 8.2 added. This reads the files with PHP's tokenizer and names
 * what 8.0 would refuse or not know:
 *   8.1  enum, readonly, the never type, new in initializers, first-class callable syntax f(...),
 *        pure intersection types (A&B), explicit octal 0o…, final class constants,
 *        array_is_list(), enum_exists(), fsync(), fdatasync()
 *   8.2  readonly classes, true/false/null as stand-alone types, DNF types ((A&B)|C),
 *        constants in traits, ini_parse_quantity(), memory_reset_peak_usage(), mysqli_execute_query(),
 *        curl_upkeep(), libxml_get_external_entity_loader(), sodium_crypto_stream_xchacha20_xor_ic(),
 *        openssl_cipher_key_length()
 *   8.3  typed class constants, #[\Override], json_validate(), mb_str_pad(), str_increment(),
 *        str_decrement(), stream_context_set_options(), dynamic class constant fetch C::{$name}
 *   8.4  property hooks, asymmetric visibility, new without parentheses, array_find() and kin
 *
 *   php scripts/wordpress/php80-check.php FILE…   prints one line per finding, exits 1 if any
 *
 * A check, not a parser: it looks at tokens in context. It knows the constructs above, nothing else.
 */

$ffr_functions = array(
	'array_is_list', 'enum_exists', 'fsync', 'fdatasync',
	'ini_parse_quantity', 'memory_reset_peak_usage', 'mysqli_execute_query', 'curl_upkeep', 'libxml_get_external_entity_loader', 'sodium_crypto_stream_xchacha20_xor_ic', 'openssl_cipher_key_length',
	'json_validate', 'mb_str_pad', 'str_increment', 'str_decrement', 'stream_context_set_options',
	'array_find', 'array_find_key', 'array_any', 'array_all', 'mb_trim', 'mb_ltrim', 'mb_rtrim', 'mb_ucfirst', 'mb_lcfirst', 'bcdivmod', 'http_get_last_response_headers',
);

$ffr_findings = array();

foreach ( array_slice( $argv, 1 ) as $ffr_file ) {
	$ffr_tokens = array_values(
		array_filter(
			token_get_all( file_get_contents( $ffr_file ) ),
			static fn( $t ) => ! is_array( $t ) || ! in_array( $t[0], array( T_WHITESPACE, T_COMMENT, T_DOC_COMMENT ), true )
		)
	);
	$ffr_text = static fn( $t ) => is_array( $t ) ? $t[1] : $t;
	$ffr_line = static function ( $i ) use ( $ffr_tokens ) {
		for ( $j = $i; $j >= 0; $j-- ) {
			if ( is_array( $ffr_tokens[ $j ] ) ) {
				return $ffr_tokens[ $j ][2];
			}
		}
		return 0;
	};
	$ffr_add = static function ( $i, $what ) use ( &$ffr_findings, $ffr_file, $ffr_line ) {
		$ffr_findings[] = sprintf( '%s:%d: %s', $ffr_file, $ffr_line( $i ), $what );
	};
	$ffr_count = count( $ffr_tokens );

	for ( $i = 0; $i < $ffr_count; $i++ ) {
		$t    = $ffr_tokens[ $i ];
		$text = strtolower( $ffr_text( $t ) );
		$prev = $i > 0 ? strtolower( $ffr_text( $ffr_tokens[ $i - 1 ] ) ) : '';
		$next = $i + 1 < $ffr_count ? strtolower( $ffr_text( $ffr_tokens[ $i + 1 ] ) ) : '';

		if ( defined( 'T_ENUM' ) && is_array( $t ) && T_ENUM === $t[0] ) {
			$ffr_add( $i, 'enum (PHP 8.1)' );
		}
		if ( defined( 'T_READONLY' ) && is_array( $t ) && T_READONLY === $t[0] ) {
			$ffr_add( $i, 'readonly (PHP 8.1, classes 8.2)' );
		}
		if ( '...' === $text && ')' === $next && '(' === $prev ) {
			$ffr_add( $i, 'first-class callable syntax f(...) (PHP 8.1)' );
		}
		if ( is_array( $t ) && T_LNUMBER === $t[0] && preg_match( '/^0[oO]/', $t[1] ) ) {
			$ffr_add( $i, 'explicit octal 0o (PHP 8.1)' );
		}
		if ( 'final' === $text && 'const' === $next ) {
			$ffr_add( $i, 'final class constant (PHP 8.1)' );
		}
		// A typed class constant: const TYPE NAME = …
		if ( 'const' === $text && $i + 2 < $ffr_count && is_array( $ffr_tokens[ $i + 1 ] ) && is_array( $ffr_tokens[ $i + 2 ] ) && T_STRING === $ffr_tokens[ $i + 2 ][0] ) {
			$ffr_add( $i, 'typed class constant (PHP 8.3)' );
		}
		if ( is_array( $t ) && T_ATTRIBUTE === $t[0] && $i + 1 < $ffr_count && in_array( ltrim( $ffr_text( $ffr_tokens[ $i + 1 ] ), '\\' ), array( 'Override' ), true ) ) {
			$ffr_add( $i, '#[\Override] (PHP 8.3)' );
		}
		if ( is_array( $t ) && T_DOUBLE_COLON === $t[0] && '{' === $next ) {
			$ffr_add( $i, 'dynamic class constant fetch C::{…} (PHP 8.3)' );
		}
		if ( is_array( $t ) && T_STRING === $t[0] && in_array( $text, $GLOBALS['ffr_functions'], true ) && '(' === $next && ! in_array( $prev, array( '->', '::', 'function', '?->' ), true ) ) {
			$ffr_add( $i, "$text() (after PHP 8.0)" );
		}
		if ( 'new' === $text && $i + 2 < $ffr_count && is_array( $ffr_tokens[ $i + 1 ] ) && '(' === $ffr_text( $ffr_tokens[ $i + 2 ] ) ) {
			// new C()->m(): find the closing parenthesis and look after it.
			$d = 0;
			for ( $j = $i + 2; $j < $ffr_count; $j++ ) {
				$c = $ffr_text( $ffr_tokens[ $j ] );
				$d += '(' === $c ? 1 : ( ')' === $c ? -1 : 0 );
				if ( 0 === $d ) {
					break;
				}
			}
			if ( $j + 1 < $ffr_count && in_array( $ffr_text( $ffr_tokens[ $j + 1 ] ), array( '->', '?->', '::' ), true ) && '(' !== $prev ) {
				$ffr_add( $i, 'new C()->… without parentheses (PHP 8.4)' );
			}
		}
		// Parameter lists of function declarations: intersection types, DNF types and new in defaults.
		if ( is_array( $t ) && in_array( $t[0], array( T_FUNCTION, T_FN ), true ) ) {
			$j = $i + 1;
			while ( $j < $ffr_count && '(' !== $ffr_text( $ffr_tokens[ $j ] ) ) {
				$j++;
			}
			$d         = 0;
			$after_eq  = false;
			for ( ; $j < $ffr_count; $j++ ) {
				$c  = $ffr_text( $ffr_tokens[ $j ] );
				$tk = $ffr_tokens[ $j ];
				if ( '(' === $c ) {
					$d++;
					// Inside a parameter's type (not its default value), a parenthesis opens a DNF type.
					if ( $d > 1 && ! $after_eq ) {
						$ffr_add( $j, 'DNF type (PHP 8.2)' );
					}
					continue;
				}
				if ( ')' === $c ) {
					$d--;
					if ( 0 === $d ) {
						break;
					}
					continue;
				}
				if ( 1 === $d && ',' === $c ) {
					$after_eq = false;
				}
				if ( '=' === $c ) {
					$after_eq = true;
				}
				if ( $after_eq && 'new' === strtolower( $c ) ) {
					$ffr_add( $j, 'new in an initializer (PHP 8.1)' );
				}
				// An intersection type: A & B followed by a variable (a by-reference parameter has & right before the variable).
				if ( ! $after_eq && is_array( $tk ) && defined( 'T_AMPERSAND_NOT_FOLLOWED_BY_VAR_OR_VARARG' ) && T_AMPERSAND_NOT_FOLLOWED_BY_VAR_OR_VARARG === $tk[0] ) {
					$ffr_add( $j, 'intersection type (PHP 8.1)' );
				}
			}
			// The return type, between « ): » and « { », « ; » or « => ».
			if ( $j + 1 < $ffr_count && ':' === $ffr_text( $ffr_tokens[ $j + 1 ] ) ) {
				$type = array();
				for ( $k = $j + 2; $k < $ffr_count && ! in_array( $ffr_text( $ffr_tokens[ $k ] ), array( '{', ';', '=>' ), true ); $k++ ) {
					$type[] = strtolower( $ffr_text( $ffr_tokens[ $k ] ) );
				}
				$bare = array_values( array_diff( $type, array( '?' ) ) );
				if ( array( 'never' ) === $bare ) {
					$ffr_add( $j + 2, 'never return type (PHP 8.1)' );
				}
				if ( 1 === count( $bare ) && in_array( $bare[0], array( 'true', 'false', 'null' ), true ) ) {
					$ffr_add( $j + 2, "{$bare[0]} as a stand-alone type (PHP 8.2)" );
				}
				if ( in_array( 'true', $bare, true ) ) {
					$ffr_add( $j + 2, 'true type (PHP 8.2)' );
				}
				if ( in_array( '&', $type, true ) ) {
					$ffr_add( $j + 2, 'intersection return type (PHP 8.1)' );
				}
				if ( in_array( '(', $type, true ) ) {
					$ffr_add( $j + 2, 'DNF return type (PHP 8.2)' );
				}
			}
		}
	}
}

foreach ( $ffr_findings as $ffr_finding ) {
	echo $ffr_finding, "\n";
}
exit( $ffr_findings ? 1 : 0 );
