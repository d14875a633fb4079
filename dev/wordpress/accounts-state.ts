import type { TestAccount } from '../content/types';
import type { ContentStore } from '../content/store';
import { formatWp } from '../content/dates';

// The test accounts' preferences (user_prefs), shared by the WordPress user routes and the CF7
// emulator (which records accreditation requests). One table per running upstream (keyed by its
// store), created lazily from the seeded account.

export type Prefs = Record<string, unknown>;
export type AccreditationStatus = 'attente' | 'refuse' | 'valide' | 'fermee';
export type AccreditationRequest = { event_id: number; title: string; date: string; status: AccreditationStatus };

const tables = new WeakMap<ContentStore, Map<string, Prefs>>();

function initialPrefs(store: ContentStore, account: TestAccount): Prefs {
  const journalist = account.journaliste === 'oui';
  return {
    birth_date: '',
    birth_city: '',
    email: account.email,
    identifie: account.identifie ?? true,
    id_sso: account.sub,
    first_name: account.first_name,
    last_name: account.last_name,
    licence: '',
    logo: '',
    login: account.login,
    // The federation's account holds a mobile number: the WhatsApp news go to it.
    phone_mobile: journalist ? '0612345678' : '',
    profile: journalist ? 'journaliste' : 'membre',
    // SPEC §5 lists a token among the preferences: WordPress's own, for the federation's apps.
    token: `wp-${account.sub.slice(0, 8)}-${account.login}`,
    favorite_newsroom_post_ids: [],
    journaliste: account.journaliste,
    journaliste_carte_presse: journalist ? '123456' : '',
    journaliste_fonction: journalist ? 'Journaliste' : '',
    journaliste_media_temporaire: '',
    journaliste_media: journalist ? (store.content.medias[0] ?? null) : null,
    journaliste_optin_mail: false,
    journaliste_optin_whatsapp: account.journaliste_optin_whatsapp,
    journaliste_contenus_visites: [],
    // The newsroom's flags (SPEC §3 « Newsroom user data »), set by POST user_newsroom.
    journalist_status_request: false,
    journalist_updated_profile: false,
    // A journalist arrives with a history: the last three events before today (accredited, refused,
    // and one the press office never answered) and the next two (waiting; closed to requests).
    journaliste_accreditations_events: journalist ? history(store) : [],
  };
}

function history(store: ContentStore): AccreditationRequest[] {
  const today = formatWp(store.now()).slice(0, 10);
  const events = store.content.events;
  const past = events.filter((e) => e.startDate.slice(0, 10) < today).slice(-3);
  const next = events.filter((e) => e.startDate.slice(0, 10) >= today).slice(0, 2);
  const statuses: AccreditationStatus[] = ['valide', 'refuse', 'attente', 'attente', 'fermee'];
  return [...past, ...next].map((e, i) => ({ event_id: e.id, title: e.title, date: e.startDate, status: statuses[i + 3 - past.length]! }));
}

/** The account's live preferences object (mutations are what user_prefs answers next). */
export function accountPrefs(store: ContentStore, account: TestAccount): Prefs {
  let table = tables.get(store);
  if (!table) tables.set(store, (table = new Map()));
  let prefs = table.get(account.sub);
  if (!prefs) table.set(account.sub, (prefs = initialPrefs(store, account)));
  return prefs;
}

/** Every account back as seeded (POST /__control/reset), or the one with this e-mail (POST /__control/accounts/reset). */
export function resetAccounts(store: ContentStore, email?: string): boolean {
  if (email === undefined) {
    tables.delete(store);
    return true;
  }
  const account = accountByEmail(store, email);
  if (account) tables.get(store)?.delete(account.sub);
  return !!account;
}

export function accountByEmail(store: ContentStore, email: string): TestAccount | undefined {
  const wanted = email.trim().toLowerCase();
  return wanted ? store.content.accounts.find((a) => a.email.toLowerCase() === wanted) : undefined;
}

/** The preferences of the test account with this e-mail (case-insensitive), or null. */
export function prefsByEmail(store: ContentStore, email: string): Prefs | null {
  const account = accountByEmail(store, email);
  return account ? accountPrefs(store, account) : null;
}
