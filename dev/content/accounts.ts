// Test accounts of the local OpenID provider, one per journalist status the front end handles.

import type { TestAccount } from './types.js';

const PASSWORD = 'Rugby2026!';

const account = (
  sub: string,
  login: string,
  firstName: string,
  lastName: string,
  journaliste: TestAccount['journaliste'],
): TestAccount => ({
  sub,
  login,
  password: PASSWORD,
  email: login,
  first_name: firstName,
  last_name: lastName,
  journaliste,
  journaliste_optin_whatsapp: false,
});

export function buildAccounts(): TestAccount[] {
  return [
    account('u-journaliste', 'journaliste@example.fr', 'Camille', 'Lefèvre', 'oui'),
    account('u-en-attente', 'attente@example.fr', 'Mathis', 'Garnier', 'en_attente_infos'),
    account('u-membre', 'membre@example.fr', 'Léa', 'Marchand', 'non'),
    account('u-sans-statut', 'nouveau@example.fr', 'Hugo', 'Perrin', ''),
    { ...account('u-non-identifie', 'incomplet@example.fr', 'Inès', 'Roux', 'non'), identifie: false },
    // The press office: an editor in WordPress, who previews drafts without a link once signed in.
    { ...account('u-redaction', 'redaction@example.fr', 'Claire', 'Vasseur', 'non'), wpRole: 'editor' },
  ];
}
