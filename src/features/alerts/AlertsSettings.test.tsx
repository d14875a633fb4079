import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Subscriber } from '../../data/alerts.server';
import { AlertsSettings } from './AlertsSettings';
import { catalogue, topicsOfPost } from './topics';

// « Mes alertes » (issue 44): what the press space shows in each state, as a plain form.

/** Each element named `name`, as its attributes (in whatever order they were written). */
const tags = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map((m) =>
    Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
  );

const categories = [
  { id: 10, name: 'XV de France', parent: 0 },
  { id: 12, name: 'Tests d’automne', parent: 10 },
  { id: 20, name: 'France féminine', parent: 0 },
  { id: 51, name: 'Top 14', parent: 0 },
];
const teams = [{ title: 'XV de France' }, { title: 'France Féminine' }];

describe('the topics', () => {
  it('offers the teams (their pages matched to a top-level category by name, accents and case aside), then the other top-level categories', () => {
    expect(catalogue(categories, teams)).toEqual({
      teams: [
        { topic: 'category:10', label: 'XV de France' },
        { topic: 'category:20', label: 'France féminine' },
      ],
      categories: [{ topic: 'category:51', label: 'Top 14' }],
    });
  });
  it('files a post under each of its categories, ancestors included, and « everything »', () => {
    expect(topicsOfPost([12, 10, 12])).toEqual(['category:12', 'category:10', 'all']);
  });
});

describe('« Mes alertes »', () => {
  const ready = (subscriber: Subscriber) =>
    renderToStaticMarkup(
      <AlertsSettings section={{ state: 'ready', catalogue: catalogue(categories, teams), subscriber }} csrfToken="jeton" />,
    );

  it('is a form that works without JavaScript: the boxes ticked for what is followed, the rhythm chosen', () => {
    const html = ready({
      id: 'x'.repeat(22),
      account: 'a',
      email: 'claire@redaction.example',
      firstName: 'Claire',
      frequency: 'digest',
      topics: ['category:10', 'accreditations'],
      suspendedAt: null,
      suspendedReason: null,
    });
    const form = tags(html, 'form')[0]!;
    expect([form.method, form.action]).toEqual(['post', '/espace-presse']);
    const inputs = tags(html, 'input');
    const box = (value: string) => inputs.find((i) => i.value === value)!;
    expect(box('alertes')).toMatchObject({ type: 'hidden', name: 'action' });
    expect(box('category:10')).toMatchObject({ type: 'checkbox', name: 'suivi', checked: '' });
    expect(box('category:51').checked).toBeUndefined();
    expect(box('accreditations').checked).toBe('');
    expect(box('digest')).toMatchObject({ type: 'radio', name: 'frequence', checked: '' });
    expect(box('immediate').checked).toBeUndefined();
    expect(html).toContain('<legend>Équipes de France</legend>');
    expect(html).not.toContain('role="alert"');
  });

  it('says an address was refused and the alerts suspended', () => {
    const html = ready({
      id: 'x'.repeat(22),
      account: 'a',
      email: 'claire@refuse.example',
      firstName: '',
      frequency: 'immediate',
      topics: ['all'],
      suspendedAt: Date.parse('2026-11-20T09:30:00Z'),
      suspendedReason: '550 5.1.1',
    });
    expect(html).toContain('role="alert"');
    expect(html).toContain('claire@refuse.example');
    expect(html).toContain('vos alertes sont suspendues');
  });

  it('asks for the mail consent first, and says when the alerts cannot be read', () => {
    expect(renderToStaticMarkup(<AlertsSettings section={{ state: 'needs-consent' }} csrfToken="" />)).toContain(
      'acceptez d’abord les e-mails du service de presse',
    );
    expect(renderToStaticMarkup(<AlertsSettings section={{ state: 'unavailable' }} csrfToken="" />)).toContain(
      'momentanément indisponibles',
    );
  });
});
