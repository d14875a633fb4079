import { EVENT_DATA_OPTIONS } from '../content/forms';
import { parseWp } from '../content/dates';
import type { WpEvent } from '../content/types';
import { getTheTitle } from '../wordpress/titles';
import type { ContentStore } from '../content/store';

// The federation's wpcf7_form_tag_data_option filter. CF7 asks it for the values of a tag's `data:`
// options (includes/form-tag.php, get_data_option) when it renders a choice and when it builds the
// tag's enum rule (modules/checkbox.php, wpcf7_swv_add_checkbox_enum_rules): the accreditation
// forms' event checkboxes have no values in their markup, only `data:evenements.…`. The filter
// answers the titles of the events still open to accreditation, as get_the_title() gives them;
// the enum rule then compares posted values with their html_entity_decode'd form.

const KIND_OF_OPTION: Record<string, WpEvent['accreditation']['kind'] | null> = {
  [EVENT_DATA_OPTIONS.all]: null,
  [EVENT_DATA_OPTIONS['evenements-presse']]: 'evenements-presse',
  [EVENT_DATA_OPTIONS['rencontres-internationales']]: 'rencontres-internationales',
};

export function formTagDataOption(store: ContentStore, options: string[], now = store.now()): string[] | null {
  const known = options.filter((o) => o in KIND_OF_OPTION);
  if (known.length === 0) return null; // not ours: CF7's default (null) stands
  const titles: string[] = [];
  for (const option of known) {
    const kind = KIND_OF_OPTION[option];
    for (const event of store.content.events) {
      if (kind !== null && event.accreditation.kind !== kind) continue;
      if (parseWp(event.endDate) <= now || Date.parse(event.accreditation.deadline) <= now) continue;
      titles.push(getTheTitle(event.title));
    }
  }
  return titles;
}
