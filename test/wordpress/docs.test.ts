import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/wordpress.md gives the press office the markup of the eight Contact Form 7 forms the site
// reads (SPEC §2). It must be the emulator's (dev/content/forms.ts), which the site is tested against,
// and each accreditation form must name a data: option the plugin's filter answers.

type Forms = { buildForms: () => Array<{ slug: string; properties: { form: string } }> };
const FORMS = fileURLToPath(new URL('../../dev/content/forms.ts', import.meta.url));
const DOC = fileURLToPath(new URL('../../docs/wordpress.md', import.meta.url));
const PLUGIN_FILTER = fileURLToPath(new URL('../../wordpress/ffr-presse-purge/includes/class-accreditation-events.php', import.meta.url));

/** Each « ### `slug` » section's first code block. */
function documented(): Map<string, string> {
  const text = readFileSync(DOC, 'utf8');
  const out = new Map<string, string>();
  for (const m of text.matchAll(/^### `([a-z0-9-]+)`[^\n]*\n[\s\S]*?^```\n([\s\S]*?)\n```$/gm)) out.set(m[1]!, m[2]!);
  return out;
}

describe('docs/wordpress.md', () => {
  it('gives, for each of the eight forms, the markup the emulator serves', async () => {
    const { buildForms } = (await import(/* @vite-ignore */ FORMS)) as Forms;
    const forms = buildForms();
    const doc = documented();
    expect([...doc.keys()].sort()).toEqual(forms.map((f) => f.slug).sort());
    expect(doc.size).toBe(8);
    for (const form of forms) expect(doc.get(form.slug), form.slug).toBe(form.properties.form);
  });

  it('names on each accreditation form a data: option the plugin answers', () => {
    const plugin = readFileSync(PLUGIN_FILTER, 'utf8');
    for (const [slug, markup] of documented()) {
      const options = [...markup.matchAll(/\bdata:([^\s\]]+)/g)].map((m) => m[1]!);
      if (slug.startsWith('contactez')) expect(options, slug).toEqual([]);
      else {
        expect(options, slug).toHaveLength(1);
        expect(plugin, `${slug}: data:${options[0]}`).toContain(`'${options[0]}'`);
      }
    }
  });
});
