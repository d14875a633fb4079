import type { Prefs } from '../../schemas/prefs';
import type { FormValues } from './model';

/**
 * The fields that say who asks for an accreditation: always the profile's, never what was typed
 * (SPEC §6, issue 50). The form shows them read-only and says where to change them.
 */
export const IDENTITY_FIELDS = ['nom', 'prenom', 'email', 'media', 'carte-presse'] as const;

/**
 * What a signed-in reader's profile fills in a form (the fields the federation's forms name so):
 * in the island once the profile is read, and in the page the server writes for a signed-in
 * reader (the accreditation form, routes/accreditations.tsx). Empty values fill nothing.
 */
export function profileValues(p: Partial<Prefs>): FormValues {
  const values: FormValues = {
    nom: String(p.last_name ?? ''),
    prenom: String(p.first_name ?? ''),
    email: String(p.email ?? ''),
    telephone: String(p.phone_mobile ?? ''),
    media: String(p.journaliste_media?.nom || p.journaliste_media_temporaire || ''),
    fonction: String(p.journaliste_fonction ?? ''),
    'carte-presse': String(p.journaliste_carte_presse ?? ''),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
}
