import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AccessNotice, type AccountLinks } from './AccessNotice';
import { IDENTITY_FIELDS, profileValues } from './profile-values';
import { changedFrom, draftValues, hasInput, keepPageDraft, readPageDraft } from './draft';
import { emptySelection, EVENT_FIELD, fromTitles, selectAllFuture, toggleEvent, type EventChoice, type Selection } from './event-selection';
import { FormResult } from './FormResult';
import { FormView, type Countries } from './FormView';
import type { FieldErrors, FormModel, FormValues } from './model';
import { FAILURE_TITLE, resultAnchor, type FormOutcome } from './outcome';
import { profileAtom } from '../accounts/state';

export type Cf7FormProps = {
  model: FormModel;
  values: FormValues;
  errors: FieldErrors;
  outcome: FormOutcome | null;
  countries: Countries;
  events?: EventChoice[];
  idempotencyKey: string;
  /** Where the form posts without JavaScript (the page itself). */
  action: string;
  accreditation: boolean;
  /** The accreditation form's sign-in and personal space addresses (SPEC §2, §6). */
  account?: AccountLinks;
  /** Told what the form holds after each change (null: nothing typed, sent or reset), to keep it as a draft. */
  onDraftChange?: (values: FormValues | null) => void;
};

type State = 'initial' | 'sending' | 'success' | 'failure' | 'unknown';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * A CF7 form, enhanced: sent with fetch, the button disabled while sending, one idempotency key per
 * sending so a double submission is answered once, input kept on every failure, reset to start over.
 */
export default function Cf7Form(props: Cf7FormProps) {
  const [values, setValues] = useState<FormValues>(props.values);
  const [errors, setErrors] = useState<FieldErrors>(props.errors);
  const [outcome, setOutcome] = useState<FormOutcome | null>(props.outcome);
  const [state, setState] = useState<State>(props.outcome?.kind === 'success' ? 'success' : 'initial');
  const [key, setKey] = useState(props.idempotencyKey);
  const [formKey, setFormKey] = useState(0);
  const events = useMemo(() => props.events ?? [], [props.events]);
  const [selection, setSelection] = useState<Selection>(() => fromTitles(events, arrayOf(props.values[EVENT_FIELD])));
  const profile = useAtomValue(profileAtom);
  const prefilled = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  // Bumped by each answer: the effect below then brings its result or error summary to the reader.
  const [answered, setAnswered] = useState(0);

  useEffect(() => {
    if (answered > 0) showResult(root.current, true);
  }, [answered]);

  // Posted before this island was live (or without JavaScript): the page came back on the result's
  // fragment and the browser scrolled there; the focus goes there too.
  useEffect(() => {
    if (window.location.hash === `#${resultAnchor(props.model.slug)}`) showResult(root.current, false);
  }, [props.model.slug]);

  // A page form (the modal keeps its own draft) tells its draft to the tab's storage, and a fresh
  // page picks it up: back from signing in, the reader finds what they had typed.
  const keepDraft = props.onDraftChange ?? ((draft: FormValues | null) => keepPageDraft(props.model.slug, draft));
  useEffect(() => {
    if (props.onDraftChange) return;
    const form = root.current?.querySelector('form');
    // What was typed before this island was live, or just before the reader leaves, is kept too.
    const keepNow = () => {
      const now = form ? draftValues(props.model, new FormData(form)) : {};
      if (hasInput(props.model, now)) keepPageDraft(props.model.slug, now);
    };
    const typedEarly = form ? draftValues(props.model, new FormData(form)) : {};
    // Once, on arrival: later changes are the reader's own. What the page opened with (an event
    // page's « S’accréditer » ticks its event) is not the reader's typing: the draft still comes back.
    const kept = props.outcome || changedFrom(props.model, typedEarly, props.values) ? null : readPageDraft(props.model.slug);
    if (kept) {
      const chosen = [...new Set([...arrayOf(kept[EVENT_FIELD]), ...arrayOf(props.values[EVENT_FIELD])])];
      setValues((v) => ({ ...v, ...kept, ...(chosen.length ? { [EVENT_FIELD]: chosen } : {}) }));
      if (chosen.length) setSelection(fromTitles(events, chosen));
      setFormKey((k) => k + 1);
    } else keepNow();
    window.addEventListener('pagehide', keepNow);
    return () => window.removeEventListener('pagehide', keepNow);
  }, []);

  // Signed in: the profile fills what the visitor has not typed yet; an accreditation request's
  // identity is the profile's, whatever was typed (the server sends nothing else).
  useEffect(() => {
    if (prefilled.current || profile.status !== 'success') return;
    prefilled.current = true;
    const fill = profileValues(profile.data);
    const identity = props.accreditation ? Object.fromEntries(IDENTITY_FIELDS.map((name) => [name, fill[name] ?? ''])) : {};
    setValues((v) => ({ ...fill, ...Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '')), ...identity }));
    setFormKey((k) => k + 1);
  }, [profile]);

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (state === 'sending') return;
    const data = new FormData(e.currentTarget);
    setValues(readValues(data));
    setState('sending');
    try {
      const res = await fetch(`/api/forms/${encodeURIComponent(props.model.slug)}`, {
        method: 'POST',
        body: data,
        headers: { accept: 'application/json' },
      });
      const body = (await res.json()) as { outcome?: FormOutcome; message?: string };
      if (!body.outcome) throw new Error(body.message ?? String(res.status));
      const o = body.outcome;
      setOutcome(o);
      setAnswered((n) => n + 1);
      if (o.kind === 'invalid') {
        setErrors(o.errors);
        setState('initial');
        return;
      }
      setErrors({});
      setState(o.kind === 'success' ? 'success' : o.kind === 'unknown' ? 'unknown' : 'failure');
      if (o.kind === 'success') keepDraft(null);
      else setKey(newKey()); // a new attempt is a new sending
    } catch {
      setOutcome({
        kind: 'failure',
        title: FAILURE_TITLE,
        message: 'La connexion a échoué. Vos saisies sont conservées\u00a0: merci de réessayer.',
        values,
      });
      setState('failure');
      setAnswered((n) => n + 1);
    }
  };

  const reset = () => {
    setValues({});
    setErrors({});
    setOutcome(null);
    setSelection(emptySelection());
    setKey(newKey());
    setState('initial');
    setFormKey((k) => k + 1);
    keepDraft(null);
  };

  if (state === 'success' && outcome && outcome.kind === 'success') {
    return (
      <div className="cf7" ref={root}>
        <FormResult outcome={outcome} model={props.model} accreditation={props.accreditation} account={props.account} onReset={reset} />
      </div>
    );
  }

  const eventTools = props.events ? (
    <p className="event-picker__tools">
      <button
        type="button"
        className="button button--small button--ghost"
        onClick={() => setSelection(selectAllFuture(events, new Date()))}
      >
        Toutes les rencontres à venir
      </button>{' '}
      <button type="button" className="button button--small button--ghost" onClick={() => setSelection(emptySelection())}>
        Réinitialiser
      </button>
    </p>
  ) : undefined;

  return (
    <div className="cf7" ref={root}>
      {props.accreditation && props.account ? <AccessNotice signIn={props.account.signIn} standing={props.account.standing} /> : null}
      {outcome && outcome.kind !== 'invalid' && outcome.kind !== 'success' ? (
        <FormResult outcome={outcome} model={props.model} accreditation={props.accreditation} account={props.account} />
      ) : null}
      <FormView
        key={formKey}
        model={props.model}
        values={values}
        errors={errors}
        action={props.action}
        idempotencyKey={key}
        countries={props.countries}
        events={props.events}
        selected={selection.selectedEvents}
        onToggleEvent={(ev) => setSelection((s) => toggleEvent(s, ev))}
        fixed={
          props.accreditation ? { names: IDENTITY_FIELDS, note: <ProfileNote personalSpace={props.account?.personalSpace} /> } : undefined
        }
        eventTools={eventTools}
        sending={state === 'sending'}
        onSubmit={submit}
        onInput={(e) => {
          // A corrected field loses its error at once; the others keep theirs until the next sending.
          const name = (e.target as HTMLInputElement).name?.replace(/\[\]$/, '');
          if (name && errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest);
          const now = draftValues(props.model, new FormData(e.currentTarget));
          keepDraft(hasInput(props.model, now) ? now : null);
        }}
      />
      {state !== 'initial' && state !== 'sending' ? (
        <p>
          <button type="button" className="link-button" onClick={reset}>
            Effacer le formulaire et recommencer
          </button>
        </p>
      ) : null}
    </div>
  );
}

/** Where an accreditation request's identity comes from, and where to change it (issue 50). */
function ProfileNote({ personalSpace }: { personalSpace?: string }) {
  return (
    <>
      Votre demande est faite au nom de votre profil FFR : nom, prénom, adresse e-mail, média et numéro de carte de presse y sont repris
      tels quels. Pour les changer : nom, prénom et adresse e-mail dans{' '}
      {personalSpace ? <a href={personalSpace}>votre espace personnel</a> : 'votre espace personnel'}, média et carte de presse dans{' '}
      <a href="/espace-presse">votre espace presse</a>.
    </>
  );
}

/**
 * Brings what the sending came to — the result, or the error summary at the top of the form — to
 * the reader: focused (its heading is read out) and scrolled to, clear of the sticky header
 * (scroll-margin-top). Otherwise a long form's answer lands off screen and the focus on <body>.
 */
function showResult(root: HTMLElement | null, scroll: boolean) {
  const target = root?.querySelector<HTMLElement>('.error-summary, .form-result');
  if (!target) return;
  target.focus({ preventScroll: true });
  if (!scroll) return;
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
}

function arrayOf(v: string | string[] | undefined): string[] {
  return Array.isArray(v) ? v : v ? [v] : [];
}

function readValues(data: FormData): FormValues {
  const values: FormValues = {};
  for (const [raw, v] of data.entries()) {
    if (typeof v !== 'string') continue;
    const name = raw.replace(/\[\]$/, '');
    const prev = values[name];
    values[name] = prev === undefined ? v : [...arrayOf(prev), v];
  }
  return values;
}
