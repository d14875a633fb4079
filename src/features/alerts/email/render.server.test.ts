import { describe, expect, it } from 'vitest';
import { formatDay, formatWhen } from './format';
import { type AlertEmailInput, type AlertItem, renderAlertEmail } from './render.server';

// Pinned inputs: nothing here depends on today's date or the machine's time zone.

const NNBSP = '\u202f';
const NBSP = '\u00a0';
/** The French spaces made ordinary, to read an assertion as the sentence it checks. */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
/** A link to `href` that reads `text`. */
const anchor = (href: string, text: string) => new RegExp(`<a href="${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>${text}</a>`);

const links = {
  manageUrl: 'https://presse.ffr.fr/espace-presse#mes-alertes',
  unsubscribeUrl: 'https://presse.ffr.fr/alertes/desabonnement?jeton=AbC-dEf_123',
};

const item: AlertItem = {
  title: 'Tournée d’automne : la liste des 42',
  standfirst: 'Le sélectionneur a retenu 42 joueurs pour les trois tests de novembre.',
  url: 'https://presse.ffr.fr/xv-de-france/liste-des-42',
  imageUrl: 'https://presse.ffr.fr/wp-content/uploads/2026/11/liste.jpg',
  imageAlt: 'Le sélectionneur en conférence de presse',
  // 14 h 30 in Paris (winter time, UTC+1).
  date: '2026-11-26T13:30:00Z',
  label: 'XV de France',
};

const post: AlertEmailInput = { kind: 'post', item, reasons: ['XV de France', 'Top 14'], ...links, firstName: 'Camille' };

const digestOf = (items: AlertItem[]): AlertEmailInput => ({
  kind: 'digest',
  items,
  reasons: ['toute l’actualité'],
  day: '2026-11-26',
  ...links,
});

const deadline: AlertEmailInput = {
  kind: 'deadline',
  item: {
    ...item,
    title: 'France – Japon',
    standfirst: '',
    url: 'https://presse.ffr.fr/evenements/france-japon',
    label: 'Clôture des accréditations',
  },
  // 18 h in Paris.
  deadline: '2026-11-27T17:00:00Z',
  ...links,
};

describe('renderAlertEmail: a new post', async () => {
  const { subject, html, text } = await renderAlertEmail(post);

  it('is titled by the post, with a no-break space before the colon', () => {
    expect(subject).toBe(`Nouveau${NNBSP}: Tournée d’automne${NNBSP}: la liste des 42`);
  });

  it('is a French HTML document with the post, its picture and its link', () => {
    expect(html).toMatch(/<html[^>]*\slang="fr"/);
    expect(html).toMatch(/<img[^>]*\salt="Le sélectionneur en conférence de presse"/);
    expect(html).toMatch(/<img[^>]*\swidth="552"[^>]*>/);
    expect(html).toContain(`src="${item.imageUrl}"`);
    expect(html).toContain(`href="${item.url}"`);
    expect(spaces(html)).toContain('Tournée d’automne : la liste des 42');
    expect(spaces(html)).toContain('26 novembre 2026 à 14 h 30');
    expect(html).toContain('Bonjour Camille,');
  });

  it('says why it was sent, and how to stop it', () => {
    expect(spaces(html)).toContain('Vous recevez cet e-mail parce que vous suivez : XV de France et Top 14.');
    expect(html).toMatch(anchor(links.manageUrl, 'Gérer mes alertes'));
    expect(html).toMatch(anchor(links.unsubscribeUrl, 'Se désabonner en un clic'));
    expect(html).toContain('Fédération française de rugby — service de presse');
  });

  it('loads nothing but the post’s picture: no script, no pixel', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html.match(/<img\b/g)).toHaveLength(1);
    expect(html).not.toMatch(/<img[^>]*\s(width|height)="[01]"/);
    expect(html).not.toMatch(/<link\b|<iframe\b|url\(/i);
  });

  it('has a plain-text part with the title, the links and the reasons', () => {
    expect(text).toContain(`Tournée d’automne${NNBSP}: la liste des 42 [${item.url}]`);
    expect(spaces(text)).toContain('Vous recevez cet e-mail parce que vous suivez : XV de France et Top 14.');
    expect(text).toContain(`Gérer mes alertes [${links.manageUrl}]`);
    expect(text).toContain(`Se désabonner en un clic [${links.unsubscribeUrl}]`);
    // Titles as written, not capitalised; no markup.
    expect(text).not.toContain('TOURNÉE');
    expect(text).not.toMatch(/<[a-z]/i);
  });
});

describe('renderAlertEmail: what a title may hold', () => {
  it('escapes markup in the HTML and keeps it as typed in the subject and the text', async () => {
    const title = 'Le <b>XV</b> & les "Bleus" 🏉';
    const { subject, html, text } = await renderAlertEmail({ ...post, item: { ...item, title, standfirst: '', imageAlt: title } });
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('"Bleus"');
    expect(html).toContain('Le &lt;b&gt;XV&lt;/b&gt; &amp; les &quot;Bleus&quot; 🏉');
    expect(subject).toBe(`Nouveau${NNBSP}: ${title}`);
    expect(text).toContain(`${title} [${item.url}]`);
  });

  it('keeps a subject on one line', async () => {
    const { subject } = await renderAlertEmail({ ...post, item: { ...item, title: 'Deux\r\nlignes' } });
    expect(subject).toBe(`Nouveau${NNBSP}: Deux lignes`);
  });
});

describe('renderAlertEmail: the morning selection', () => {
  const second: AlertItem = {
    ...item,
    title: 'Top 14 : la 12e journée',
    url: 'https://presse.ffr.fr/top-14/j12',
    imageUrl: null,
    label: 'Top 14',
  };
  const third: AlertItem = { ...item, title: 'France 7 : stage à Marcoussis', url: 'https://presse.ffr.fr/france-7/stage' };

  it('counts one article in the singular', async () => {
    const { subject } = await renderAlertEmail(digestOf([item]));
    expect(subject).toBe(`Votre sélection du jeudi 26 novembre${NNBSP}: 1${NBSP}article`);
  });

  it('counts several in the plural, and lists each with its link', async () => {
    const { subject, html, text } = await renderAlertEmail(digestOf([item, second, third]));
    expect(subject).toBe(`Votre sélection du jeudi 26 novembre${NNBSP}: 3${NBSP}articles`);
    for (const i of [item, second, third]) {
      expect(html).toContain(`href="${i.url}"`);
      expect(text).toContain(`${i.title.replace(' :', `${NNBSP}:`)} [${i.url}]`);
    }
    // Two pictures: the second post has none.
    expect(html.match(/<img\b/g)).toHaveLength(2);
    expect(spaces(text)).toContain('Vous recevez cet e-mail parce que vous suivez : toute l’actualité.');
    expect(text).toContain(links.unsubscribeUrl);
  });
});

describe('renderAlertEmail: an accreditation deadline', async () => {
  const { subject, html, text } = await renderAlertEmail(deadline);

  it('gives the deadline, Paris time, in « h » notation', () => {
    expect(subject).toBe(`Accréditations${NNBSP}: clôture le 27 novembre à 18${NBSP}h pour France – Japon`);
    expect(spaces(html)).toContain('ferment le <strong style="white-space:nowrap">27 novembre 2026 à 18 h</strong>');
    expect(spaces(text)).toContain('27 novembre 2026 à 18 h');
  });

  it('is sent because the journalist follows accreditations', () => {
    expect(spaces(html)).toContain('Vous recevez cet e-mail parce que vous suivez : les ouvertures d’accréditation.');
    expect(html).toContain('Bonjour,');
    expect(text).toContain(`France – Japon [${deadline.item.url}]`);
  });
});

describe('French dates of the alerts', () => {
  it('writes hours as « 14 h 30 », « 9 h », in Paris time summer and winter', () => {
    expect(formatWhen('2026-11-26T13:30:00Z')).toBe(`26 novembre 2026 à 14${NBSP}h${NBSP}30`);
    expect(formatWhen('2026-07-01T07:00:00Z')).toBe(`1er juillet 2026 à 9${NBSP}h`);
    expect(formatWhen('2026-07-01T07:05:00Z', { year: false })).toBe(`1er juillet à 9${NBSP}h${NBSP}05`);
    expect(formatWhen('garbage')).toBe('');
  });

  it('names the Paris day of the selection', () => {
    expect(formatDay('2026-11-26')).toBe('jeudi 26 novembre');
    expect(formatDay('2027-01-01')).toBe('vendredi 1er janvier');
  });
});
