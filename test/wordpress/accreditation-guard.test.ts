import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signAccreditation } from '../../src/features/forms/accreditation-signature.server';
import { adminNotices, decodeEntities, overridePurge, php, pluginWarnings, wp } from './helpers';

// Issue 50: Contact Form 7's feedback route is public, so the journalist-only rule cannot live in
// the worker alone. The plugin's guard (includes/class-accreditation-guard.php) refuses a post to
// an accreditation form without the site's signature over the form, the identity and a time. Run on
// the real WordPress core, which runs the guard (rest_request_before_callbacks) before the route's
// callback; CF7 itself is not installable here, its route stands in (cf7-feedback-shim.php). The
// signature comes from the worker's own function, so the two sides are checked against each other.

const run = Date.now().toString(36);
const NBSP = '\u00a0';
const REFUSAL =
  'Cette demande d’accréditation n’a pas été envoyée par le site presse de la FFR. Connectez-vous à votre compte FFR sur le site presse pour l’envoyer.';

type Mail = { form: number; fields: Record<string, unknown> };
const mails = async () => (await php<Mail[]>(`return array_values((array) get_option('ffr_test_cf7_mails', array()));`)).result;
const wordpressTime = async () => (await php<number>('return time();')).result;

const JOURNALIST = {
  nom: 'Lefèvre',
  prenom: 'Camille',
  email: 'journaliste@example.fr',
  media: 'Midi Olympique',
  'carte-presse': '123456',
};
let forms: Record<'accreditation' | 'contact', { id: number; slug: string }>;

beforeAll(async () => {
  // Two CF7 forms as CF7 keeps them: posts of its type, named by their slug.
  ({ result: forms } = await php<typeof forms>(`
    $make = function ($slug, $title) {
      return ['id' => wp_insert_post(['post_type' => 'wpcf7_contact_form', 'post_title' => $title, 'post_name' => $slug, 'post_status' => 'publish']), 'slug' => $slug];
    };
    return ['accreditation' => $make('accreditation-evenements-presse', 'Accréditation – Événements presse'), 'contact' => $make('contactez-nous', 'Contactez-nous')];`));
  expect(forms.accreditation.slug).toBe('accreditation-evenements-presse'); // not renamed by WordPress: the slug is free
});
afterEach(() => overridePurge(null));
afterAll(async () => expect(await pluginWarnings()).toEqual([]));

async function post(form: { id: number }, fields: Record<string, string>) {
  const body = new FormData();
  body.set('_wpcf7', String(form.id));
  body.set('_wpcf7_unit_tag', `wpcf7-f${form.id}-o1`);
  body.append('accreditation-event-title[]', 'Journée médias du XV de France');
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const res = await fetch(`${wp.url}/wp-json/contact-form-7/v1/contact-forms/${form.id}/feedback`, { method: 'POST', body });
  return { status: res.status, json: (await res.json()) as { code?: string; message?: string; status?: string } };
}

/** What the worker adds to a request it sends (src/features/forms/submit.server.ts). */
async function signed(
  identity: Record<string, string>,
  { secret = wp.formsSecret, at, form = forms.accreditation.slug } = {} as { secret?: string; at?: number; form?: string },
) {
  const signedAt = at ?? (await wordpressTime());
  return { _ffr_signed_at: String(signedAt), _ffr_signature: await signAccreditation(secret, form, signedAt, identity) };
}

/** The mails this test sent, by their marker. */
const sentWith = async (marker: string) => (await mails()).filter((m) => m.fields.commentaire === marker);

describe('the accreditation forms take only the site’s signed requests', () => {
  it('refuses an anonymous post straight to Contact Form 7: 403, in French, no mail', async () => {
    const marker = `direct-${run}`;
    const res = await post(forms.accreditation, { ...JOURNALIST, commentaire: marker });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('ffr_presse_unsigned_accreditation');
    expect(res.json.message).toBe(REFUSAL);
    expect(await sentWith(marker)).toEqual([]);
  });

  it('refuses a signature over another identity, another form, a time too far, or another key', async () => {
    const marker = `autre-${run}`;
    const now = await wordpressTime();
    const member = { ...JOURNALIST, email: 'membre@example.fr', nom: 'Marchand', prenom: 'Léa' };
    const attempts = [
      // Signed for the member, sent in the journalist's name.
      { ...JOURNALIST, ...(await signed(member)) },
      // Signed for the journalist with another press card than the one sent.
      { ...JOURNALIST, 'carte-presse': '999999', ...(await signed(JOURNALIST)) },
      // Signed for another form.
      { ...JOURNALIST, ...(await signed(JOURNALIST, { form: 'contactez-nous' })) },
      // Signed 6 minutes ago, or 6 minutes ahead.
      { ...JOURNALIST, ...(await signed(JOURNALIST, { at: now - 360 })) },
      { ...JOURNALIST, ...(await signed(JOURNALIST, { at: now + 360 })) },
      // Signed with a key that is not the site's.
      { ...JOURNALIST, ...(await signed(JOURNALIST, { secret: 'une-autre-cle-de-signature-0123456789abcdef' })) },
      // The signature's text changed: padded, or one character off.
      { ...JOURNALIST, ...(await signed(JOURNALIST).then((s) => ({ ...s, _ffr_signature: `${s._ffr_signature}=` }))) },
    ];
    for (const [i, fields] of attempts.entries()) {
      const res = await post(forms.accreditation, { ...fields, commentaire: marker });
      expect(res.status, `tentative ${i}`).toBe(403);
    }
    expect(await sentWith(marker)).toEqual([]);
  });

  it('takes the site’s own request, signed by the worker’s function: one mail, in the journalist’s name', async () => {
    const marker = `site-${run}`;
    const res = await post(forms.accreditation, { ...JOURNALIST, commentaire: marker, ...(await signed(JOURNALIST)) });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('mail_sent');
    const sent = await sentWith(marker);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.fields).toMatchObject({ email: 'journaliste@example.fr', nom: 'Lefèvre', 'carte-presse': '123456' });
  });

  it('leaves the contact forms open to everyone', async () => {
    const marker = `contact-${run}`;
    const res = await post(forms.contact, { nom: 'Martin', email: 'julie.martin@example.fr', commentaire: marker });
    expect(res.status).toBe(200);
    expect(await sentWith(marker)).toHaveLength(1);
  });

  it('during a rotation takes the previous key too, and without a key refuses everything and tells administrators', async () => {
    const marker = `rotation-${run}`;
    const renewed = 'une-nouvelle-cle-des-formulaires-0123456789';
    await overridePurge({ formsSecret: renewed, formsSecretPrevious: wp.formsSecret });
    expect((await post(forms.accreditation, { ...JOURNALIST, commentaire: marker, ...(await signed(JOURNALIST)) })).status).toBe(200);
    expect(
      (await post(forms.accreditation, { ...JOURNALIST, commentaire: marker, ...(await signed(JOURNALIST, { secret: renewed })) })).status,
    ).toBe(200);
    await overridePurge({ formsSecret: renewed });
    expect((await post(forms.accreditation, { ...JOURNALIST, commentaire: marker, ...(await signed(JOURNALIST)) })).status).toBe(403);
    await overridePurge({ formsUnconfigured: true });
    expect((await post(forms.accreditation, { ...JOURNALIST, commentaire: marker, ...(await signed(JOURNALIST)) })).status).toBe(403);
    expect(decodeEntities(await adminNotices('admin'))).toContain(
      `FFR Presse${NBSP}: les formulaires d’accréditation refusent toutes les demandes, faute de pouvoir vérifier la signature du site.`,
    );
    expect(await sentWith(marker)).toHaveLength(2);
  });

  it('counts a post through Contact Form 7’s other door (a page holding the form) as spam unless signed', async () => {
    const verdict = async (posted: Record<string, string>) =>
      (
        await php<boolean>(`
          $_POST = wp_slash(json_decode(${JSON.stringify(JSON.stringify(posted))}, true));
          $form = new class { public function id() { return ${forms.accreditation.id}; } };
          $submission = new class($form) { public function __construct(private $form) {} public function get_contact_form() { return $this->form; } };
          return apply_filters('wpcf7_spam', false, $submission);`)
      ).result;
    expect(await verdict(JOURNALIST)).toBe(true);
    expect(await verdict({ ...JOURNALIST, ...(await signed(JOURNALIST)) })).toBe(false);
  });
});
