import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { EVENT_FIELD } from './event-selection';
import type { FormValues } from './model';
import type { AccountLinks } from './AccessNotice';
import { ACCREDITATION_KINDS, type AccreditationKind as Kind } from './accreditation-kinds';
import { futureEventChoices } from './event-choices.server';
import { AccreditationForm } from './AccreditationForm';
import { submitFromPage } from './submit.server';
import { wordPressPage } from '../reading/page/wordpress.page';
import { loadFormModel } from './form-model.server';
import { signInPath } from '../../auth/callback-url';
import { pageAddress } from '../../lib/links';
import { signedInReader } from './access.server';
import { profileValues } from './profile-values';
import { hasSessionCookie } from '../../auth/session.server';

// /accreditations: three forms, chosen by the kind of event or the journalist's situation (SPEC §2).

const kindOf = (raw: string | undefined | null): Kind => ACCREDITATION_KINDS.find((k) => k.value === raw) ?? ACCREDITATION_KINDS[0];

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
  return reader
    ? { account: { ...links, standing: reader.standing }, profile: profileValues(reader.prefs) }
    : { account: links, profile: null };
}

/** /accreditations?formulaire={kind}&evenement={slug} */
export async function accreditationsPage(c: Context<AppEnv>, asked: { formulaire?: string; evenement?: string }) {
  const wanted = asked.evenement;
  let kind = kindOf(asked.formulaire);
  // Coming from an event page (?evenement={slug}): that event's kind of form, the event ticked.
  const preselected = wanted ? (await futureEventChoices(c, null)).find((e) => e.slug === wanted && e.open) : undefined;
  if (preselected && !asked.formulaire) kind = ACCREDITATION_KINDS.find((k) => k.events === preselected.kind) ?? kind;
  // A kind or an event the page does not offer would show the default form at an address of its
  // own, a copy per made-up value: sent to the address of what is shown (issue 50).
  const knownKind = asked.formulaire === undefined || ACCREDITATION_KINDS.some((k) => k.value === asked.formulaire);
  const knownEvent = wanted === undefined || preselected !== undefined;
  if (!knownKind || !knownEvent) {
    const shown = new URLSearchParams();
    if (knownEvent && wanted) shown.set('evenement', wanted);
    if (knownKind && asked.formulaire) shown.set('formulaire', asked.formulaire);
    return c.redirect(`/accreditations${shown.size > 0 ? `?${shown}` : ''}`, 301);
  }
  const [events, model, { account, profile }] = await Promise.all([
    futureEventChoices(c, kind.events),
    loadFormModel(c, kind.form).catch(() => null),
    accountLinks(c, pageAddress(new URL(c.req.url))),
  ]);
  const preset: FormValues = { ...profile, ...(preselected ? { [EVENT_FIELD]: [preselected.title] } : {}) };
  return wordPressPage(c, 'accreditations', {
    children: <AccreditationForm kind={kind} model={model} outcome={null} events={events} preset={preset} account={account} />,
    cache: model && !profile ? 'shared' : 'never',
    pageType: 'accreditation',
  });
}

/** A request sent without JavaScript; the kind is in the form's address (its action), so the body is read once, within its limits. */
export async function accreditationsPostPage(c: Context<AppEnv>, formulaire: string | undefined) {
  const kind = kindOf(formulaire);
  const sent = await submitFromPage(c, kind.form);
  if (sent instanceof Response) return sent;
  const [events, { account }] = await Promise.all([
    futureEventChoices(c, kind.events),
    accountLinks(c, `/accreditations?formulaire=${kind.value}`),
  ]);
  return wordPressPage(c, 'accreditations', {
    children: <AccreditationForm kind={kind} model={sent.model} outcome={sent.outcome} events={events} account={account} />,
    cache: 'never',
    pageType: 'accreditation',
  });
}
