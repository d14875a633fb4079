<?php
/**
 * The event lists of the accreditation forms, for Contact Form 7.
 *
 * The forms' event checkbox has no values in its markup, only a data option:
 *
 *   [checkbox* accreditation-event-title use_label_element data:evenements.presse]
 *
 * Contact Form 7 asks the `wpcf7_form_tag_data_option` filter for the values of a tag's `data:`
 * options (WPCF7_FormTag::get_data_option, includes/form-tag.php: the filter gets null, the list of
 * option values and CF7's own arguments). It adds the answer to the tag's choices when it renders the
 * form (modules/checkbox.php), and since 5.9 also builds the field's « enum » rule from it: a posted
 * value that is neither a choice of the markup nor in this answer, once both are passed through
 * html_entity_decode(), is refused with « Undefined value was submitted through this field. »
 * (wpcf7_swv_add_checkbox_enum_rules, modules/checkbox.php). Data values do not go through pipes
 * (includes/pipe.php only splits the markup's own values): the title posted is the title mailed.
 * Without this filter the list is empty and every request is refused.
 *
 * The answer, for each option the plugin owns (the site's local emulator, dev/cf7/data-options.ts,
 * answers the same):
 *   evenements.presse      the press events open to accreditation
 *   evenements.rencontres  the international matches open to accreditation
 *   evenements.a-venir     both
 * « Open »: published, its accreditation deadline and its end both still ahead. Each event by its
 * title as get_the_title() gives it, which is what the site shows once decoded (&#8217; → ’),
 * in the order of their start. Any other data option is left to whoever owns it.
 *
 * Where the events come from: the published posts of the type FFR_PRESSE_EVENT_POST_TYPE
 * (« evenement » by default) with these meta fields, dates in the site's time zone unless they carry
 * an offset (« 2026-11-29T21:10:00 », « 2026-11-24T12:00:00+01:00 », or Unix seconds):
 *   ffr_start_date              start
 *   ffr_end_date                end (the start when empty)
 *   ffr_accreditation_kind      « evenements-presse » or « rencontres-internationales »
 *   ffr_accreditation_deadline  requests close at this instant
 * An events plugin that keeps them elsewhere answers the `ffr_presse_accreditation_events` filter
 * instead (same list shape as events()).
 */

namespace FFRPresse\Purge;

defined( 'ABSPATH' ) || exit;

final class Accreditation_Events {
	/** data: option → kind of event (null: every kind). */
	const OPTIONS = array(
		'evenements.a-venir'    => null,
		'evenements.presse'     => 'evenements-presse',
		'evenements.rencontres' => 'rencontres-internationales',
	);

	const KINDS = array( 'evenements-presse', 'rencontres-internationales' );

	const DEFAULT_POST_TYPE = 'evenement';
	const META_START        = 'ffr_start_date';
	const META_END          = 'ffr_end_date';
	const META_KIND         = 'ffr_accreditation_kind';
	const META_DEADLINE     = 'ffr_accreditation_deadline';

	/** More events than a federation holds in years: a bound, not a page size. */
	const MAX_EVENTS = 1000;

	/** @var array{key: string, events: array}|null the events of this request, until a post changes */
	private ?array $cache = null;

	public function register(): void {
		// CF7 calls it as apply_filters( 'wpcf7_form_tag_data_option', null, $options, $args ), $options
		// being every `data:` value of the tag (WPCF7_FormTag::get_data_option, includes/form-tag.php).
		add_filter( 'wpcf7_form_tag_data_option', array( $this, 'data_option' ), 10, 3 );
	}

	public static function post_type(): string {
		return defined( 'FFR_PRESSE_EVENT_POST_TYPE' ) && is_string( FFR_PRESSE_EVENT_POST_TYPE ) && '' !== FFR_PRESSE_EVENT_POST_TYPE
			? FFR_PRESSE_EVENT_POST_TYPE
			: self::DEFAULT_POST_TYPE;
	}

	/**
	 * The filter. $data is what earlier filters answered (null when none did); it is returned as it
	 * is when none of $options is ours, and our titles are added to it otherwise.
	 *
	 * @param mixed        $data
	 * @param mixed        $options the tag's data: values, e.g. array( 'evenements.presse' )
	 * @param string|array $args    CF7's arguments, unused
	 * @return mixed
	 */
	public function data_option( $data, $options, $args = '' ) {
		$ours = array_values(
			array_filter(
				(array) $options,
				static fn( $option ) => is_string( $option ) && array_key_exists( $option, self::OPTIONS )
			)
		);
		if ( ! $ours ) {
			return $data;
		}
		try {
			$titles = $this->titles( $ours, time() );
		} catch ( \Throwable $e ) {
			// A form must still render; with no events every request is refused, as without the filter.
			error_log( 'FFR Presse accreditation events: ' . $e->getMessage() );
			$titles = array();
		}
		if ( is_array( $data ) && $data ) {
			return array_values( array_unique( array_merge( $data, $titles ) ) );
		}
		return $titles;
	}

	/**
	 * The titles for these options at $now, each once, in the order of the events' start.
	 *
	 * @param string[] $options
	 * @return string[]
	 */
	public function titles( array $options, int $now ): array {
		$titles = array();
		foreach ( $options as $option ) {
			$kind = self::OPTIONS[ $option ] ?? null;
			foreach ( $this->events() as $event ) {
				if ( null !== $kind && $event['kind'] !== $kind ) {
					continue;
				}
				// Open: deadline and end both ahead (the emulator's rule, dev/cf7/data-options.ts).
				if ( $event['deadline'] <= $now || $event['end'] <= $now ) {
					continue;
				}
				// As get_the_title() gives it: CF7's enum rule decodes each value with html_entity_decode()
				// before comparing (modules/checkbox.php), and data values skip the pipes of
				// includes/pipe.php, so the decoded title the site posts is the one accepted and mailed.
				$titles[] = $event['title'];
			}
		}
		return array_values( array_unique( $titles ) );
	}

	/**
	 * Every published event with an accreditation kind and readable dates, sorted by start then id.
	 *
	 * @return array<int, array{id: int, title: string, kind: string, start: int, end: int, deadline: int}>
	 */
	public function events(): array {
		// CF7 asks several times a request (render, then the validation schema): read once, again only
		// if a post changed meanwhile (clean_post_cache bumps the « posts » last-changed key).
		$key = wp_cache_get_last_changed( 'posts' );
		if ( null !== $this->cache && $this->cache['key'] === $key ) {
			return $this->cache['events'];
		}
		$events = apply_filters( 'ffr_presse_accreditation_events', null );
		if ( ! is_array( $events ) ) {
			$events = self::events_from_posts();
		}
		$events = array_values(
			array_filter(
				$events,
				static fn( $event ) => is_array( $event ) && isset( $event['title'], $event['kind'], $event['start'], $event['end'], $event['deadline'] )
					&& in_array( $event['kind'], self::KINDS, true )
			)
		);
		usort( $events, static fn( $a, $b ) => ( (int) $a['start'] <=> (int) $b['start'] ) ?: ( (int) ( $a['id'] ?? 0 ) <=> (int) ( $b['id'] ?? 0 ) ) );
		$this->cache = array(
			'key'    => $key,
			'events' => $events,
		);
		return $events;
	}

	/** @return array<int, array{id: int, title: string, kind: string, start: int, end: int, deadline: int}> */
	private static function events_from_posts(): array {
		$posts  = get_posts(
			array(
				'post_type'   => self::post_type(),
				'post_status' => 'publish',
				'numberposts' => self::MAX_EVENTS,
				'orderby'     => 'ID',
				'order'       => 'DESC',
				'meta_query'  => array( // phpcs:ignore WordPress.DB.SlowDBQuery -- a handful of events, once a request
					array(
						'key'     => self::META_KIND,
						'value'   => self::KINDS,
						'compare' => 'IN',
					),
				),
			)
		);
		$events = array();
		foreach ( $posts as $post ) {
			$start    = self::instant( get_post_meta( $post->ID, self::META_START, true ) );
			$end      = self::instant( get_post_meta( $post->ID, self::META_END, true ) ) ?? $start;
			$deadline = self::instant( get_post_meta( $post->ID, self::META_DEADLINE, true ) );
			if ( null === $start || null === $end || null === $deadline ) {
				continue;
			}
			$events[] = array(
				'id'       => $post->ID,
				// What ffr/v1 sends the site: get_the_title() (wptexturize turns ' into &#8217;, & into &#038;).
				'title'    => get_the_title( $post ),
				'kind'     => (string) get_post_meta( $post->ID, self::META_KIND, true ),
				'start'    => $start,
				'end'      => $end,
				'deadline' => $deadline,
			);
		}
		return $events;
	}

	/**
	 * Unix seconds from a meta value: Unix seconds, or a date-time read in the site's time zone unless
	 * it carries an offset. Null when empty or unreadable.
	 *
	 * @param mixed $value
	 */
	public static function instant( $value ): ?int {
		if ( is_int( $value ) || ( is_string( $value ) && ctype_digit( $value ) ) ) {
			return (int) $value;
		}
		if ( ! is_string( $value ) || ! preg_match( '/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/', trim( $value ) ) ) {
			return null;
		}
		$date = date_create_immutable( trim( $value ), wp_timezone() );
		return $date ? $date->getTimestamp() : null;
	}
}
