/**
 * « Ne pas alerter les journalistes » in the block editor (includes/class-no-alert.php): the block
 * editor posts its meta boxes only once its REST save is over, after the publication has been told to
 * the site. Ticking the box therefore also edits the post's REST meta, which the save itself carries.
 * Events are caught on the document: the block editor moves meta boxes around.
 */
( function () {
	'use strict';

	document.addEventListener( 'change', function ( event ) {
		const box = event.target;
		if ( ! ( box instanceof HTMLInputElement ) || 'ffr-presse-no-alert' !== box.id ) {
			return;
		}
		const data = window.wp && window.wp.data;
		if ( ! data || ! data.select( 'core/editor' ) ) {
			return;
		}
		data.dispatch( 'core/editor' ).editPost( { meta: { _ffr_presse_no_alert: box.checked } } );
	} );
} )();
