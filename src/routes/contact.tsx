import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { FormModel } from '../features/forms/model';
import type { FormOutcome } from '../features/forms/outcome';
import { FormIsland, pagePost } from './forms';
import { renderWordPressPage } from './pages';
import { loadFormModel } from '../features/forms/form-model.server';
import { fr } from '../lib/format/typography';

// /contact: the press contacts page (page-contact) and the contact form (slug contactez-nous).

export const CONTACT_FORM = 'contactez-nous';

function ContactForm({ model, outcome }: { model: FormModel | null; outcome: FormOutcome | null }) {
  return (
    <section className="contact-form" id="contactez-nous" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{fr`À quel sujet pouvons-nous vous aider ?`}</h2>
      {model ? (
        <FormIsland model={model} action="/contact" outcome={outcome} accreditation={false} />
      ) : (
        <p className="notice">Le formulaire est momentanément indisponible. Écrivez-nous à l’adresse ci-dessus.</p>
      )}
    </section>
  );
}

export async function contactRoute(c: Context<AppEnv>) {
  const model = await loadFormModel(c, CONTACT_FORM).catch(() => null);
  return renderWordPressPage(c, 'contact', { children: <ContactForm model={model} outcome={null} />, cache: model ? 'shared' : 'never' });
}

export async function contactPostRoute(c: Context<AppEnv>) {
  const sent = await pagePost(c, CONTACT_FORM);
  if (sent instanceof Response) return sent;
  return renderWordPressPage(c, 'contact', { children: <ContactForm model={sent.model} outcome={sent.outcome} />, cache: 'never' });
}
