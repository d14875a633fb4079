import { createHash } from 'node:crypto';
import type { Cf7Form } from '../content/types';
import { scanFormTags } from './form-tags';

// Forms as Contact Form 7's REST API shows them (includes/rest-api.php: get_contact_forms,
// get_contact_form and get_properties).

/** A list item: the hash is the first 7 characters of the form's hash (includes/contact-form.php). */
export function formSummary(form: Cf7Form) {
  const hash = createHash('sha1').update(`${form.id}:${form.slug}`).digest('hex').slice(0, 7);
  return { id: form.id, hash, slug: form.slug, title: form.title, locale: form.locale };
}

/** Additional settings as the API sends them: [name, value] pairs, on/true → true, off/false → false. */
function settingsForApi(content: string): Array<[string, string | boolean]> {
  const out: Array<[string, string | boolean]> = [];
  for (const line of content.split('\n')) {
    const m = /^([a-zA-Z0-9_]+)[\t ]*:(.*)$/.exec(line);
    if (!m) continue;
    const value = m[2]!.trim();
    out.push([m[1]!.trim(), value === 'on' || value === 'true' ? true : value === 'off' || value === 'false' ? false : value]);
  }
  return out;
}

export function formForApi(form: Cf7Form) {
  const { form: content, additional_settings, ...rest } = form.properties;
  return {
    id: form.id,
    slug: form.slug,
    title: form.title,
    locale: form.locale,
    properties: {
      ...rest,
      form: { content, fields: scanFormTags(content) },
      additional_settings: { content: additional_settings, settings: settingsForApi(additional_settings) },
    },
  };
}
