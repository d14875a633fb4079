import { useSetAtom, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import Cf7Form from './Cf7Form.island';
import { contactDraftAtom } from './draft-state';
import type { Countries } from './FormView';
import type { FormModel } from './model';

export const CONTACT_MODAL_FORM = 'contactez-nous-modal';

/**
 * The contact modal's form, loaded when the modal opens (it is on every page, so not in the HTML).
 * It opens on the draft left unsent (draft-state.ts) and keeps it up to date as the reader types.
 */
export function ContactModalForm() {
  const store = useStore();
  // Read once on opening: the form is uncontrolled, and re-rendering it on every key would be waste.
  const [draft] = useState(() => store.get(contactDraftAtom));
  const setDraft = useSetAtom(contactDraftAtom);
  const [loaded, setLoaded] = useState<{ model: FormModel; countries: Countries } | 'failure' | null>(null);
  useEffect(() => {
    fetch(`/api/forms/${CONTACT_MODAL_FORM}`)
      .then((r) => (r.ok ? (r.json() as Promise<{ model: FormModel; countries: Countries }>) : Promise.reject(new Error(String(r.status)))))
      .then(
        (body: { model: FormModel; countries: Countries }) => setLoaded(body),
        () => setLoaded('failure'),
      );
  }, []);
  if (loaded === null) return <p aria-busy="true">Chargement du formulaire…</p>;
  if (loaded === 'failure') {
    return (
      <p>
        Le formulaire est momentanément indisponible. <a href="/contact#contactez-nous">Écrire depuis la page contact</a>
      </p>
    );
  }
  return (
    <Cf7Form
      model={loaded.model}
      values={draft ?? {}}
      errors={{}}
      outcome={null}
      countries={loaded.countries}
      idempotencyKey={crypto.randomUUID()}
      action="/contact#contactez-nous"
      accreditation={false}
      onDraftChange={setDraft}
    />
  );
}
