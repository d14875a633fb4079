import { fr } from '../../lib/format/typography';
import { FormIsland } from './FormIsland';
import type { FormModel } from './model';
import type { FormOutcome } from './outcome';

/** The press contacts page's form (slug contactez-nous), fresh or with the outcome of a post. */
export function ContactForm({ model, outcome }: { model: FormModel | null; outcome: FormOutcome | null }) {
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
