import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { EVENT_FIELD, type EventChoice } from '../features/forms/event-selection';
import type { FormModel, FormValues } from '../features/forms/model';
import type { AccountLinks } from '../features/forms/AccessNotice';
import type { FormOutcome } from '../features/forms/outcome';
import { ACCREDITATION_KINDS, type AccreditationKind as Kind } from '../features/forms/accreditation-kinds';
import { futureEventChoices } from '../features/forms/event-choices.server';
import { FormIsland, pagePost } from './forms';
import { renderWordPressPage } from './pages';
import { loadFormModel } from '../features/forms/form-model.server';
import { signInPath } from '../auth/callback-url';
import { pageAddress } from '../lib/links';
import { signedInReader } from '../features/forms/access.server';
import { profileValues } from '../features/forms/profile-values';
import { hasSessionCookie } from '../auth/session.server';

// /accreditations: three forms, chosen by the kind of event or the journalist's situation (SPEC §2).

const kindOf = (raw: string | undefined | null): Kind => ACCREDITATION_KINDS.find((k) => k.value === raw) ?? ACCREDITATION_KINDS[0];

type FormProps = { kind: Kind; model: FormModel | null; outcome: FormOutcome | null; events: EventChoice[]; preset?: FormValues; account: AccountLinks };

function AccreditationForm({ kind, model, outcome, events, preset, account }: FormProps) {
  return (
    <section className="accreditation" aria-labelledby="accreditation-title">
      <h2 id="accreditation-title">Votre demande</h2>
      <nav className="accreditation__kinds" aria-label="Type de demande">
        <ul>
          {ACCREDITATION_KINDS.map((k) => (
            <li key={k.value}>
              {k.value === kind.value ? <span aria-current="page">{k.label}</span> : <a href={`/accreditations?formulaire=${k.value}`}>{k.label}</a>}
            </li>
          ))}
        </ul>
      </nav>
      {model ? (
        <FormIsland model={model} action={`/accreditations?formulaire=${kind.value}`} outcome={outcome} events={events} preset={preset} accreditation account={account} />
      ) : (
        <p className="notice">Le formulaire d’accréditation est momentanément indisponible. Merci de réessayer dans quelques instants.</p>
      )}
    </section>
  );
}

/**
 * Sign-in comes back to this page as the reader sees it (kind and event in the query; the page's
 * HTML is shared, the island puts in the exact address), unless WordPress names its own sign-in
 * page (settings login_url). The personal space: SPEC §2's /tableau-de-bord of the federation site.
 * A signed-in reader's page is theirs (html-cache.server.ts never serves them the shared copy):
 * where they stand, and the form filled from their profile, with or without JavaScript.
 */
async function accountLinks(c: Context<AppEnv>, address: string): Promise<{ account: AccountLinks; profile: FormValues | null }> {
  const [{ account }, reader] = await Promise.all([c.get('shell'), hasSessionCookie(c) ? signedInReader(c) : null]);
  const links = { signIn: account.loginUrl || signInPath(address), personalSpace: account.dashboardUrl };
  return reader ? { account: { ...links, standing: reader.standing }, profile: profileValues(reader.prefs) } : { account: links, profile: null };
}

export async function accreditationsRoute(c: Context<AppEnv>) {
  const wanted = c.req.query('evenement');
  let kind = kindOf(c.req.query('formulaire'));
  // Coming from an event page (?evenement={slug}): that event's kind of form, the event ticked.
  const preselected = wanted ? (await futureEventChoices(c, null)).find((e) => e.slug === wanted && e.open) : undefined;
  if (preselected && !c.req.query('formulaire')) kind = ACCREDITATION_KINDS.find((k) => k.events === preselected.kind) ?? kind;
  const [events, model, { account, profile }] = await Promise.all([futureEventChoices(c, kind.events), loadFormModel(c, kind.form).catch(() => null), accountLinks(c, pageAddress(new URL(c.req.url)))]);
  const preset: FormValues = { ...profile, ...(preselected ? { [EVENT_FIELD]: [preselected.title] } : {}) };
  return renderWordPressPage(c, 'accreditations', {
    children: <AccreditationForm kind={kind} model={model} outcome={null} events={events} preset={preset} account={account} />,
    cache: model && !profile ? 'shared' : 'never',
    pageType: 'accreditation',
  });
}

export async function accreditationsPostRoute(c: Context<AppEnv>) {
  // The kind is in the form's address (its action), so the body is read once, within its limits.
  const kind = kindOf(c.req.query('formulaire'));
  const sent = await pagePost(c, kind.form);
  if (sent instanceof Response) return sent;
  const [events, { account }] = await Promise.all([futureEventChoices(c, kind.events), accountLinks(c, `/accreditations?formulaire=${kind.value}`)]);
  return renderWordPressPage(c, 'accreditations', {
    children: <AccreditationForm kind={kind} model={sent.model} outcome={sent.outcome} events={events} account={account} />,
    cache: 'never',
    pageType: 'accreditation',
  });
}
