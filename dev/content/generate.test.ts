import { describe, expect, it } from 'vitest';
import type { Content, WpArticle, WpBlock, WpMenuItem, WpPostCard } from './types.js';
import { generateContent } from './generate.js';
import { parseWp, toParis } from './dates.js';
import { RECENT_DAYS } from './articles.js';
import { JOB_TITLES, REQUEST_TYPES, SUBJECTS } from './forms.js';
import { scanFormTags } from '../cf7/form-tags.js';
import { TEST_NOW } from '../../test/support/clock';

const baseUrl = 'http://127.0.0.1:8790';
const content = generateContent({ baseUrl, now: new Date(TEST_NOW) });
const now = Date.parse(content.now);
const published = content.articles.filter((a) => a.status === 'publish');
const drafts = content.articles.filter((a) => a.status === 'draft');
const categoryById = new Map(content.categories.map((c) => [c.id, c]));

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const WP_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const UPLOADS = `${baseUrl}/wp-content/uploads/`;

function allCards(c: Content): WpPostCard[] {
  const cards: WpPostCard[] = [];
  for (const a of c.articles) cards.push(...a.similarContent, ...(a.sidebar?.posts ?? []));
  for (const s of c.home.content.data) if (s.type !== 'evenements') cards.push(...s.posts);
  for (const pg of c.pages) cards.push(...pg.news);
  return cards;
}

function flattenMenu(items: WpMenuItem[]): WpMenuItem[] {
  return items.flatMap((i) => [i, ...flattenMenu(i.items)]);
}

/** Every absolute upload URL mentioned anywhere in the content, images map excepted. */
function uploadUrls(c: Content): string[] {
  const { images: _images, ...rest } = c;
  const text = JSON.stringify(rest);
  const urls = new Set<string>();
  for (const m of text.matchAll(/http:\/\/127\.0\.0\.1:8790\/wp-content\/uploads\/[^"\s,]+/g)) urls.add(m[0]);
  return [...urls];
}

describe('determinism', () => {
  it('gives byte-identical output for the same options', () => {
    const again = generateContent({ baseUrl, now: new Date(TEST_NOW) });
    expect(JSON.stringify(again)).toBe(JSON.stringify(content));
  });

  it('changes with the seed but keeps the fixed data', () => {
    const other = generateContent({ baseUrl, seed: 7, now: new Date(TEST_NOW) });
    expect(JSON.stringify(other.articles)).not.toBe(JSON.stringify(content.articles));
    expect(other.forms).toEqual(content.forms);
    expect(other.events).toEqual(content.events);
  });

  it('uses the base URL for every image and honours a trailing slash', () => {
    const slashed = generateContent({ baseUrl: `${baseUrl}/`, now: new Date(TEST_NOW) });
    expect(JSON.stringify(slashed)).toBe(JSON.stringify(content));
  });
});

describe('counts', () => {
  it('produces the default volumes', () => {
    expect(content.now).toBe(TEST_NOW);
    // The archive's 160, and the last fortnight at several a day.
    const recent = content.articles.filter((a) => parseWp(a.date) > now - RECENT_DAYS * 86_400_000);
    expect(content.articles.length - recent.length).toBe(160);
    expect(recent.length).toBeGreaterThanOrEqual(RECENT_DAYS * 5);
    expect(drafts).toHaveLength(3);
    expect(content.events.length).toBeGreaterThanOrEqual(30);
    expect(content.partners.length).toBeGreaterThanOrEqual(10);
    expect(content.medias.length).toBeGreaterThanOrEqual(40);
    expect(content.forms.map((f) => f.id)).toEqual([101, 102, 103, 104, 105, 106, 107, 108]);
    expect(content.categories.filter((c) => c.parent === 0).length).toBeGreaterThanOrEqual(12);
  });

  it('keeps the image library small whatever the article count', () => {
    const big = generateContent({ baseUrl, articleCount: 2000, now: new Date(TEST_NOW) });
    expect(Object.keys(big.images)).toEqual(Object.keys(content.images));
    expect(Object.keys(content.images).length).toBeLessThan(200);
  });

  it('generates an archive of 10 000 articles with unique slugs (the benchmarks’ corpus)', () => {
    const big = generateContent({ baseUrl, articleCount: 10_000, now: new Date(TEST_NOW) });
    const recent = content.articles.length - 160; // the fortnight does not depend on the archive's size
    expect(big.articles).toHaveLength(10_000 + recent);
    expect(new Set(big.articles.map((a) => a.slug)).size).toBe(big.articles.length);
  });
});

describe('images', () => {
  it('serves every referenced upload', () => {
    const urls = uploadUrls(content);
    expect(urls.length).toBeGreaterThan(50);
    for (const url of urls) expect(content.images[url.slice(UPLOADS.length)], url).toBeDefined();
  });

  it('draws SVG with sizes matching the file names, and a valid PDF', () => {
    for (const [key, body] of Object.entries(content.images)) {
      if (key.endsWith('.pdf')) {
        expect(body.startsWith('%PDF-1.4')).toBe(true);
        expect(body.trimEnd().endsWith('%%EOF')).toBe(true);
        expect(/^[\x00-\x7f]*$/.test(body)).toBe(true);
        continue;
      }
      expect(key.endsWith('.svg')).toBe(true);
      expect(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      const size = /-(640|1280)\.svg$/.exec(key);
      if (size) {
        const width = Number(size[1]);
        expect(body).toContain(`width="${width}" height="${(width * 9) / 16}"`);
      }
    }
  });
});

describe('categories', () => {
  it('has stable ids, kebab slugs and published counts', () => {
    const xv = categoryById.get(10);
    expect(xv?.slug).toBe('xv-de-france');
    expect(categoryById.get(12)?.slug).toBe('tests-d-automne');
    for (const c of content.categories) {
      expect(c.slug).toMatch(KEBAB);
      expect(c.taxoSlug).toBe('category');
      expect(c.backgroundImage.startsWith(UPLOADS)).toBe(true);
      expect(c.count).toBe(published.filter((a) => a.categories.includes(c.id)).length);
      if (c.parent !== 0) expect(categoryById.get(c.parent)?.parent).toBe(0);
    }
    const competitions = content.categories.filter((c) => c.parent === 50);
    expect(competitions.length).toBeGreaterThan(7);
  });
});

describe('articles', () => {
  it('are newest first with unique ids and slugs', () => {
    for (let i = 1; i < content.articles.length; i++) {
      expect((content.articles[i - 1] as WpArticle).date >= (content.articles[i] as WpArticle).date).toBe(true);
    }
    expect(new Set(content.articles.map((a) => a.id)).size).toBe(content.articles.length);
    expect(new Set(content.articles.map((a) => a.slug)).size).toBe(content.articles.length);
  });

  it('spread over the two years before now, two scheduled after it', () => {
    const written = content.articles.filter((a) => a.status !== 'future');
    const oldest = parseWp((written.at(-1) as WpArticle).date);
    const newest = parseWp((written[0] as WpArticle).date);
    expect(newest).toBeLessThan(now);
    const scheduled = content.articles.filter((a) => a.status === 'future');
    expect(scheduled).toHaveLength(2);
    for (const a of scheduled) expect(parseWp(a.date)).toBeGreaterThan(now);
    expect(now - oldest).toBeGreaterThan(700 * 86_400_000);
    expect(now - oldest).toBeLessThanOrEqual(731 * 86_400_000);
  });

  it("keep a newsroom's rhythm: several a day in daytime, and any 48 hours before now hold at least five published", () => {
    const days = new Map<string, number>();
    for (const a of content.articles.filter((x) => x.status !== 'future' && parseWp(x.date) > now - RECENT_DAYS * 86_400_000)) {
      const local = toParis(parseWp(a.date));
      expect(local.hour).toBeGreaterThanOrEqual(8);
      const day = a.date.slice(0, 10);
      days.set(day, (days.get(day) ?? 0) + 1);
    }
    // Every whole day of the fortnight (the first and today are partial).
    for (const count of [...days.values()].slice(1, -1)) expect(count).toBeGreaterThanOrEqual(3);
    // Whatever the instant: a day's each hour, both clock changes, a leap day, New Year.
    const instants = [
      '2027-03-28T00:30:00Z',
      '2026-10-25T01:30:00Z',
      '2028-02-29T23:59:00Z',
      '2026-12-31T23:00:00Z',
      '2027-07-01T06:59:00Z',
    ];
    for (let h = 0; h < 24; h++) instants.push(`2027-01-15T${String(h).padStart(2, '0')}:17:00Z`);
    for (const at of instants) {
      const t = Date.parse(at);
      const c = generateContent({ baseUrl, now: new Date(t), articleCount: 20 });
      const lastTwoDays = c.articles.filter((a) => a.status === 'publish' && parseWp(a.date) <= t && t - parseWp(a.date) <= 48 * 3_600_000);
      expect(lastTwoDays.length, at).toBeGreaterThanOrEqual(5);
    }
  });

  it('have consistent links, categories, dates and tags', () => {
    for (const a of content.articles) {
      expect(a.slug).toMatch(KEBAB);
      const category = categoryById.get(a.category.id);
      expect(category?.slug).toBe(a.category.slug);
      const top = category && category.parent !== 0 ? categoryById.get(category.parent) : category;
      expect(a.link).toBe(`/categories/${top?.slug}/${a.slug}`);
      expect(a.categories[0]).toBe(a.category.id);
      if (category && category.parent !== 0) expect(a.categories).toContain(category.parent);
      expect(a.date).toMatch(WP_DATE);
      expect(a.modified).toMatch(WP_DATE);
      expect(a.modified >= a.date).toBe(true);
      const poolTags = a.tags.filter((t) => t.source === 'tag');
      expect(poolTags.length).toBeGreaterThanOrEqual(2);
      expect(poolTags.length).toBeLessThanOrEqual(6);
      expect(a.tags.filter((t) => t.source === 'categorie').map((t) => t.id)).toEqual([a.category.id]);
      for (const t of poolTags) expect(t.link).toBe(`/recherche?post_tags=${encodeURIComponent(t.name)}`);
      expect(a.excerpt).not.toMatch(/<[a-z]/);
      expect(a.excerpt.split(/ +/).length).toBeLessThanOrEqual(26);
      expect(a.meta_title.length).toBeGreaterThan(0);
      expect(a.meta_description.length).toBeGreaterThan(0);
      expect(a.auteur.email).toMatch(/^[a-z.]+@ffr\.fr$/);
    }
  });

  it('have 3 to 8 paragraphs and use every block type across the corpus', () => {
    const types = new Set<WpBlock['type']>();
    for (const a of content.articles) {
      const paragraphs = a.blocs.filter((b) => b.type === 'paragraph').length;
      expect(paragraphs, a.title).toBeGreaterThanOrEqual(3);
      expect(paragraphs, a.title).toBeLessThanOrEqual(8);
      for (const b of a.blocs) {
        types.add(b.type);
        if (b.type === 'video' && b.provider === 'youtube')
          expect(b.embed_url).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/);
        if (b.type === 'file') expect(b.url.startsWith(UPLOADS)).toBe(true);
        if (b.type === 'paragraph') expect(b.content).not.toMatch(/ & /);
      }
    }
    expect([...types].sort()).toEqual([
      'button',
      'file',
      'gallery',
      'heading',
      'image',
      'list',
      'paragraph',
      'quote',
      'separator',
      'table',
      'video',
    ]);
    const ffrLinks = content.articles
      .flatMap((a) => a.blocs)
      .filter((b) => b.type === 'paragraph' && b.content.includes('<a href="https://www.ffr.fr/'));
    expect(ffrLinks.length).toBeGreaterThan(10);
  });

  it('include the special cases the front end handles', () => {
    expect(published.some((a) => a.illustration === '' && a.srcset === '')).toBe(true);
    expect(published.some((a) => a.illustration_video.startsWith('https://'))).toBe(true);
    expect(published.filter((a) => a.redirection !== '').every((a) => a.redirection.startsWith('https://www.ffr.fr/'))).toBe(true);
    expect(published.some((a) => a.redirection !== '')).toBe(true);
    expect(published.some((a) => a.file_download_post !== null)).toBe(true);
    expect(new Set(content.articles.map((a) => a.label?.slug ?? null)).size).toBeGreaterThanOrEqual(5);
    expect(content.articles.filter((a) => a.typeFlow === 'article').length).toBeGreaterThan(content.articles.length / 2);
    for (const a of content.articles.filter((x) => x.illustration !== '')) {
      expect(a.srcset).toMatch(/-640\.svg 640w, .*-1280\.svg 1280w$/);
    }
  });

  it('link similar content from the same category and keep drafts out of every list', () => {
    const draftIds = new Set(drafts.map((a) => a.id));
    for (const card of allCards(content)) expect(draftIds.has(card.id)).toBe(false);
    expect(draftIds.has(published[0]?.id ?? -1)).toBe(false);
    expect(content.settings.top_news.link).toBe(published[0]?.link);
    for (const a of content.articles) {
      expect(a.similarContent).toHaveLength(3);
      expect(a.similarContent.map((c) => c.id)).not.toContain(a.id);
      const top = a.categories.at(-1);
      const sameTop = a.similarContent.filter((c) => categoryById.get(c.category.id)?.parent === top || c.category.id === top);
      if ((categoryById.get(top ?? 0)?.count ?? 0) > 4) expect(sameTop.length, a.title).toBe(3);
      if (a.sidebar) {
        expect(a.sidebar.title).toBe('À lire aussi');
        expect(a.sidebar.posts).toHaveLength(3);
      }
    }
    expect(content.articles.some((a) => a.sidebar === null)).toBe(true);
    expect(content.articles.some((a) => a.sidebar !== null)).toBe(true);
  });

  it('has eight authors with contact details', () => {
    const authors = new Map(content.articles.map((a) => [a.auteur.id, a.auteur]));
    expect(authors.size).toBe(8);
    for (const author of authors.values()) {
      expect(author.phone_number).toMatch(/^\+33 \d( \d\d){4}$/);
      expect(content.images[author.avatar_urls['96'].slice(UPLOADS.length)]).toBeDefined();
    }
  });
});

describe('events', () => {
  const future = content.events.filter((e) => parseWp(e.startDate) > now);
  const open = future.filter((e) => Date.parse(e.accreditation.deadline) > now);
  const closed = future.filter((e) => Date.parse(e.accreditation.deadline) <= now);

  it('mix past, open and closed accreditation windows', () => {
    expect(content.events.length - future.length).toBeGreaterThanOrEqual(10);
    expect(open.length).toBeGreaterThanOrEqual(8);
    expect(closed.length).toBeGreaterThanOrEqual(3);
  });

  it('keep that mix around any reference date', () => {
    const later = new Date('2027-05-10T14:30:00Z');
    const shifted = generateContent({ baseUrl, now: later, articleCount: 20 });
    const t = later.getTime();
    const f = shifted.events.filter((e) => parseWp(e.startDate) > t);
    expect(f.filter((e) => Date.parse(e.accreditation.deadline) > t).length).toBeGreaterThanOrEqual(8);
    expect(f.filter((e) => Date.parse(e.accreditation.deadline) <= t).length).toBeGreaterThanOrEqual(3);
  });

  it('are well formed', () => {
    const venues = new Set(content.events.map((e) => e.venue));
    for (const v of [
      'Stade de France',
      'Stade Vélodrome',
      'Groupama Stadium',
      'Matmut Atlantique',
      'Allianz Riviera',
      'Stade Pierre-Mauroy',
      'Centre national du rugby',
    ]) {
      expect(venues.has(v), v).toBe(true);
    }
    expect(new Set(content.events.map((e) => e.id)).size).toBe(content.events.length);
    expect(new Set(content.events.map((e) => e.slug)).size).toBe(content.events.length);
    expect(content.events.some((e) => e.all_day)).toBe(true);
    expect(content.events.some((e) => e.sidebar !== null)).toBe(true);
    for (const e of content.events) {
      expect(e.startDate).toMatch(WP_DATE);
      expect(e.endDate >= e.startDate).toBe(true);
      expect(e.slug).toMatch(KEBAB);
      expect(Number.isFinite(e.lat) && Number.isFinite(e.long)).toBe(true);
      expect(e.categories[0]?.id).toBe(e.categoryId);
      expect(e.description.split('\n\n').length).toBeGreaterThanOrEqual(2);
      const isPress = e.accreditation.kind === 'evenements-presse';
      expect(isPress || e.accreditation.kind === 'rencontres-internationales').toBe(true);
      expect(Date.parse(e.accreditation.deadline)).toBeLessThan(parseWp(e.startDate));
    }
    const marcoussis = content.events.find((e) => e.venue === 'Centre national du rugby');
    expect(marcoussis).toMatchObject({
      adress: '3 rue Jean de Montaigu',
      zip: '91460',
      city: 'Marcoussis',
      accreditation: { kind: 'evenements-presse' },
    });
    expect(content.events.find((e) => e.venue === 'Stade de France')).toMatchObject({
      zip: '93200',
      city: 'Saint-Denis',
      accreditation: { kind: 'rencontres-internationales' },
    });
  });
});

describe('site structure', () => {
  it('fills every setting', () => {
    const s = content.settings;
    for (const [key, value] of Object.entries(s)) {
      if (['twitch_lien', 'snapchat_lien', 'login_url', 'logout_url'].includes(key)) continue;
      expect(value, key).not.toBe('');
    }
    const social = [
      s.fb_lien,
      s.twitter_lien,
      s.instagram_lien,
      s.youtube_lien,
      s.flickr_lien,
      s.linkedin_lien,
      s.twitch_lien,
      s.snapchat_lien,
      s.tik_tok_lien,
    ];
    expect(social.filter((l) => l === '')).toHaveLength(2);
    expect(s).toMatchObject({
      ligue: 'ffr',
      title: 'FFR Presse',
      url: 'https://presse.ffr.fr',
      type_site: 'newsroom',
      login_url: '',
      logout_url: '',
    });
    expect(s.contacts.email).toBe('presse@ffr.fr');
    expect(s.accreditations).toEqual(['Rencontres internationales', 'Événements presse', 'Média français sans carte de presse']);
    expect(s.stories).toHaveLength(6);
    const top = s.stories_top.split(',');
    expect([3, 5]).toContain(top.length);
    for (const id of top) expect(s.stories.map((st) => st.id)).toContain(id);
  });

  it('builds the three menus', () => {
    const all = [...content.menus['top-nav'], ...content.menus.categories, ...content.menus.footer].flatMap((i) => flattenMenu([i]));
    expect(new Set(all.map((i) => i.id)).size).toBe(all.length);
    const topOrders = content.menus['top-nav'].map((i) => i.order);
    expect(topOrders).not.toEqual([...topOrders].sort((a, b) => a - b));
    const ffr = content.menus['top-nav'].find((i) => i.label === 'La FFR');
    expect(ffr?.items.map((i) => i.label)).toContain('Le site de la FFR');
    const cats = content.menus.categories;
    expect(cats.some((i) => i.classes.includes('bouton'))).toBe(true);
    expect(cats.some((i) => i.type === 'external' && i.target === '_blank')).toBe(true);
    expect(cats.some((i) => i.items.length > 7)).toBe(true);
    const taxonomies = cats.filter((i) => i.type === 'taxonomy');
    expect(taxonomies).toHaveLength(content.categories.filter((c) => c.parent === 0).length);
    expect(flattenMenu(cats).some((i) => i.slug_complet === 'categories/xv-de-france/tests-d-automne')).toBe(true);
    for (const item of flattenMenu(cats)) for (const child of item.items) expect(child.parent).toBe(item.id);
  });

  it('provides the pages the router needs', () => {
    const bySlug = new Map(content.pages.map((pg) => [pg.slug, pg]));
    expect(bySlug.get('mentions-legales')?.niveau).toBe(1);
    expect(bySlug.get('mentions-legales')?.content).toContain('Cloudflare');
    const contact = bySlug.get('contact');
    expect(contact?.template).toBe('page-contact');
    expect(contact?.banniere?.image.startsWith(UPLOADS)).toBe(true);
    expect(contact?.blocs?.map((b) => b.title)).toEqual(['Service de presse', 'Accréditations', 'Photothèque']);
    expect(bySlug.get('evenements')?.future_events.length).toBeGreaterThan(0);
    expect(content.pages.some((pg) => pg.niveau === 3 && pg.template === '' && pg.redirection === '')).toBe(true);
    expect(content.pages.some((pg) => pg.niveau === 3 && pg.template !== '')).toBe(true);
    expect(content.pages.some((pg) => pg.redirection.startsWith('https://'))).toBe(true);
    expect(content.pages.some((pg) => pg.slug.endsWith('--partenaire'))).toBe(true);
    expect(new Set(content.pages.map((pg) => pg.niveau))).toEqual(new Set([1, 2, 3]));
  });

  it('builds the home page from the latest content', () => {
    const [une, ...rest] = content.home.content.data;
    expect(content.home.title).toBe('Accueil');
    expect(une?.type === 'a_la_une' && une.posts.map((p) => p.id)).toEqual(published.slice(0, 5).map((a) => a.id));
    const sections = rest.filter((s) => s.type === 'categorie');
    expect(sections.length).toBeGreaterThanOrEqual(4);
    expect(sections.length).toBeLessThanOrEqual(6);
    for (const s of sections) if (s.type === 'categorie') expect(s.posts.length).toBeLessThanOrEqual(4);
    const events = rest.find((s) => s.type === 'evenements');
    expect(events?.type === 'evenements' && events.events.length).toBe(4);
    if (events?.type === 'evenements') for (const e of events.events) expect(parseWp(e.startDate)).toBeGreaterThan(now);
  });
});

describe('forms, medias and accounts', () => {
  const bySlug = new Map(content.forms.map((f) => [f.slug, f]));
  const tagsOf = (slug: string) => scanFormTags(bySlug.get(slug)?.properties.form ?? '');
  const field = (slug: string, name: string) => tagsOf(slug).find((f) => f.name === name);

  it('covers the eight form slugs', () => {
    expect([...bySlug.keys()].sort()).toEqual([
      'accreditation-evenements-presse',
      'accreditation-media-francais-sans-carte',
      'accreditation-rencontres-internationales',
      'contactez-nous',
      'contactez-nous-modal',
      'evenements-presse',
      'media-francais-sans-carte',
      'rencontres-internationales',
    ]);
    for (const f of content.forms) {
      expect(f.locale).toBe('fr_FR');
      expect(f.properties.messages.invalid_required).toBe('Veuillez renseigner ce champ.');
      expect(f.properties.messages.upload_file_too_large).toBe('Le fichier téléversé est trop volumineux.');
      expect(f.properties.mail.recipient).toMatch(/@ffr\.fr$/);
      expect(f.properties.mail_2.recipient).toBe('[email]');
      const names = new Set(tagsOf(f.slug).map((fld) => fld.name));
      // Every tag of the markup is one CF7 registers (an unknown one would stay as text).
      expect(f.properties.form.replace(/\[\/?acceptance[^\]]*\]/g, '').match(/\[[a-z_]+\*?[\s\]]/g)?.length).toBe(
        tagsOf(f.slug).filter((t) => t.basetype !== 'acceptance').length,
      );
      for (const mail of [f.properties.mail, f.properties.mail_2]) {
        for (const m of `${mail.subject} ${mail.body} ${mail.recipient} ${mail.attachments}`.matchAll(/\[([\w-]+)\]/g)) {
          const tag = m[1] ?? '';
          expect(tag.startsWith('_') || names.has(tag), `${f.slug}: [${tag}]`).toBe(true);
        }
      }
    }
  });

  it('parses the contact fields', () => {
    expect(field('contactez-nous', 'sujet')).toMatchObject({ type: 'select*', raw_values: [...SUBJECTS], values: [...SUBJECTS] });
    expect(field('contactez-nous', 'type-demande')).toMatchObject({ type: 'radio', values: [...REQUEST_TYPES] });
    expect(field('contactez-nous', 'deja-accredite')).toMatchObject({
      type: 'radio',
      labels: ['Oui', 'Non'],
      values: ['Oui', 'Non'],
      pipes: [
        ['Oui', '1'],
        ['Non', '0'],
      ],
    });
    expect(field('contactez-nous-modal', 'email')?.type).toBe('email*');
    expect(field('contactez-nous', 'message')?.type).toBe('textarea*');
    expect(field('contactez-nous', 'rgpd')?.basetype).toBe('acceptance');
    expect(field('contactez-nous', 'rgpd')?.content).toContain('politique de confidentialité');
  });

  it('parses the accreditation fields', () => {
    for (const slug of ['evenements-presse', 'accreditation-rencontres-internationales']) {
      expect(field(slug, 'fonction')).toMatchObject({ type: 'select*', values: [...JOB_TITLES] });
      expect(field(slug, 'carte-presse')?.basetype).toBe('text');
      expect(field(slug, 'accreditation-event-title')).toMatchObject({ type: 'checkbox*', values: [] });
      expect(field(slug, 'accreditation-event-title')?.options).toContainEqual(expect.stringMatching(/^data:evenements\./));
    }
    expect(field('media-francais-sans-carte', 'carte-presse')).toBeUndefined();
    expect(field('media-francais-sans-carte', 'justificatif')?.basetype).toBe('file');
  });

  it('lists medias and the six test accounts', () => {
    expect(content.medias.map((m) => m.id)).toEqual(content.medias.map((_, i) => i + 1));
    expect(content.medias.map((m) => m.nom)).toContain('L’Équipe');
    expect(content.accounts.map((a) => [a.sub, a.journaliste])).toEqual([
      ['u-journaliste', 'oui'],
      ['u-en-attente', 'en_attente_infos'],
      ['u-membre', 'non'],
      ['u-sans-statut', ''],
      ['u-non-identifie', 'non'],
      ['u-redaction', 'non'],
    ]);
    expect(content.accounts.filter((a) => a.wpRole === 'editor').map((a) => a.sub)).toEqual(['u-redaction']);
    expect(content.accounts.find((a) => a.sub === 'u-non-identifie')?.identifie).toBe(false);
    for (const a of content.accounts) {
      expect(a.email).toBe(a.login);
      expect(a.password).toBe('Rugby2026!');
    }
  });
});

describe('text quality', () => {
  it('contains no placeholder or broken text', () => {
    // Forms are left out: their CF7 markup is indented on purpose.
    const { images: _images, forms: _forms, ...rest } = content;
    const text = JSON.stringify(rest);
    expect(JSON.stringify(content.forms)).not.toMatch(/lorem|TODO|undefined/i);
    for (const bad of ['lorem', 'TODO', 'undefined', 'NaN', '[object Object]', 'null null', '{season}', '  ']) {
      expect(text.includes(bad), bad).toBe(false);
    }
    // French contractions: "au Japon", "des Fidji", never "à le Japon" or "de les Fidji".
    expect(text).not.toMatch(/(^|[\s"’(])(à|de) (le|les) /);
  });
});
