/**
 * « Lien sous embargo » (includes/class-embargo.php): asks the plugin's REST route for a signed
 * link with wp.apiFetch (which adds WordPress's REST nonce), shows it, copies it, and adds it to
 * « Liens créés ». Events are caught on the document: the block editor moves meta boxes around.
 */
( function () {
	'use strict';

	const settings = window.ffrPresseEmbargo || { path: '/ffr-presse/v1/embargo-link', messages: {} };
	const messages = settings.messages;

	function say( box, text, isError ) {
		const status = box.querySelector( '.ffr-presse-embargo-status' );
		status.textContent = text || '';
		status.style.color = isError ? '#b32d2e' : '';
	}

	function create( box ) {
		const button = box.querySelector( '.ffr-presse-embargo-create' );
		const expires = box.querySelector( '.ffr-presse-embargo-expires' ).value;
		if ( ! expires ) {
			say( box, messages.noDate, true );
			return;
		}
		button.disabled = true;
		say( box, messages.creating, false );
		window.wp
			.apiFetch( {
				path: settings.path,
				method: 'POST',
				data: { post: Number( box.dataset.post ), expires: expires },
			} )
			.then( function ( result ) {
				const field = box.querySelector( '.ffr-presse-embargo-link' );
				field.value = result.link;
				box.querySelector( '.ffr-presse-embargo-copy' ).disabled = false;
				field.focus();
				field.select();
				say( box, result.description, false );
				const list = box.querySelector( '.ffr-presse-embargo-list' );
				const none = list.querySelector( '.ffr-presse-embargo-none' );
				if ( none ) {
					none.remove();
				}
				const item = document.createElement( 'li' );
				item.textContent = result.description;
				list.prepend( item );
			} )
			.catch( function ( error ) {
				say( box, ( error && error.message ) || messages.failed, true );
			} )
			.finally( function () {
				button.disabled = false;
			} );
	}

	function copy( box ) {
		const field = box.querySelector( '.ffr-presse-embargo-link' );
		if ( ! field.value ) {
			return;
		}
		const copied = function () {
			say( box, messages.copied, false );
		};
		// The Clipboard API needs https (or localhost); wp-admin may be served otherwise.
		const fallback = function () {
			field.focus();
			field.select();
			let done = false;
			try {
				done = document.execCommand( 'copy' );
			} catch ( e ) {
				done = false;
			}
			if ( done ) {
				copied();
			} else {
				say( box, messages.copyFailed, true );
			}
		};
		if ( navigator.clipboard && window.isSecureContext ) {
			navigator.clipboard.writeText( field.value ).then( copied, fallback );
		} else {
			fallback();
		}
	}

	document.addEventListener( 'click', function ( event ) {
		const target = event.target instanceof Element ? event.target : null;
		const box = target && target.closest( '.ffr-presse-embargo' );
		if ( ! box ) {
			return;
		}
		if ( target.closest( '.ffr-presse-embargo-create' ) ) {
			event.preventDefault();
			create( box );
		} else if ( target.closest( '.ffr-presse-embargo-copy' ) ) {
			event.preventDefault();
			copy( box );
		}
	} );

	// Enter in the date field makes the link; it must not submit the post's form.
	document.addEventListener( 'keydown', function ( event ) {
		const target = event.target instanceof Element ? event.target : null;
		if ( 'Enter' !== event.key || ! target || ! target.classList.contains( 'ffr-presse-embargo-expires' ) ) {
			return;
		}
		event.preventDefault();
		create( target.closest( '.ffr-presse-embargo' ) );
	} );
} )();
