import * as z from 'zod';
import { flag, list, nullable, num, text } from './mapping';

// SPEC §5: the signed-in user's preferences (user_prefs), read with the spec's mapping rule
// (mapping.ts): a field of the wrong type takes its default. Only the fields named here go on, to
// the pages and to the browser (/api/user/prefs): anything else WordPress adds — the `token` the
// specification lists among them — is dropped here (issue 43).

const AccreditationRequestSchema = z.object({ event_id: num(0), title: text(), date: text(), status: text() });

/** Post ids as the profile holds them (numbers or numeric strings); reading-list.ts reads them. */
const postIdList = z.array(z.union([z.number(), z.string()])).catch([]);

export const PrefsSchema = z.object({
  // Absent in some answers: unknown is not "not matched to a member", so no default here.
  identifie: z.boolean().optional().catch(undefined),
  first_name: text(),
  last_name: text(),
  email: text(),
  phone_mobile: text(),
  logo: text(),
  journaliste: text(),
  journaliste_fonction: text(),
  journaliste_carte_presse: text(),
  journaliste_media: nullable(z.object({ id: z.coerce.number().int(), nom: z.string() })),
  journaliste_media_temporaire: text(),
  journaliste_optin_mail: flag(),
  journaliste_optin_whatsapp: flag(),
  favorite_newsroom_post_ids: postIdList,
  journaliste_contenus_visites: postIdList,
  journaliste_accreditations_events: list(AccreditationRequestSchema),
  // The newsroom's flags (SPEC §3 « Newsroom user data »), in the full profile (?type=complet):
  // asked for the status, sent the information asked for (features/accounts/journalist-standing.ts).
  journalist_status_request: flag(),
  journalist_updated_profile: flag(),
});
export type Prefs = z.output<typeof PrefsSchema>;

/** user_newsroom answers the journalist's newsroom flags. */
export const NewsroomFlagsSchema = z.object({ journalist_status_request: flag(), journalist_updated_profile: flag() });
