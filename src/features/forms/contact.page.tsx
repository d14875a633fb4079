import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { wordPressPage } from '../reading/page/wordpress.page';
import { ContactForm } from './ContactForm';
import { loadFormModel } from './form-model.server';
import { submitFromPage } from './submit.server';

// /contact: the press contacts page (WordPress page « contact », template page-contact) and its form.

export const CONTACT_FORM = 'contactez-nous';

export async function contactPage(c: Context<AppEnv>) {
  const model = await loadFormModel(c, CONTACT_FORM).catch(() => null);
  return wordPressPage(c, 'contact', { children: <ContactForm model={model} outcome={null} />, cache: model ? 'shared' : 'never' });
}

/** The form sent without JavaScript: the same page with its outcome, never cached. */
export async function contactPostPage(c: Context<AppEnv>) {
  const sent = await submitFromPage(c, CONTACT_FORM);
  if (sent instanceof Response) return sent;
  return wordPressPage(c, 'contact', { children: <ContactForm model={sent.model} outcome={sent.outcome} />, cache: 'never' });
}
