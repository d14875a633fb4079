import { createElement } from 'react';
import { renderToString } from 'react-dom/server.edge';
import { displayText, fr } from '../../../lib/format/typography';
import type { AlertItem } from '../../../schemas/alerts';
import { ACCREDITATION_ANSWER, ACCREDITATIONS, AlertEmail, type AlertEmailInput, accreditationLead } from './AlertEmail';
import { articles, formatDay, formatWhen, listOf } from './format';

export type { AlertEmailInput } from './AlertEmail';
export type { AlertItem } from '../../../schemas/alerts';

// The alert e-mail, rendered in the Queue consumer (deliveries.server.ts): its subject, its HTML
// (React DOM's server renderer, already in the worker) and its plain-text part, written from the
// same input. @react-email/render would have brought prettier and html-to-text into the worker
// (about 200 KB gzip, over the bundle's budget) to turn that HTML back into text.

/** What @react-email/render puts first: the doctype mail clients were written for. */
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** A header is one line: a title typed with a line break stays on it. */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/**
 * A title in a subject, at most this many characters: mail clients show about 60, and a longer
 * one only grows the header (folded as RFC 2047 words by the SMTP door, upstream/smtp.server.ts).
 */
export const SUBJECT_TITLE_MAX = 120;
const capped = (title: string) => {
  const chars = [...title];
  return chars.length <= SUBJECT_TITLE_MAX
    ? title
    : `${chars
        .slice(0, SUBJECT_TITLE_MAX - 1)
        .join('')
        .trimEnd()}…`;
};

function subjectOf(input: AlertEmailInput): string {
  switch (input.kind) {
    case 'post':
      return oneLine(fr`Nouveau : ${capped(oneLine(displayText(input.item.title)))}`);
    case 'digest':
      return fr`Votre sélection du ${formatDay(input.day)} : ${articles(input.items.length)}`;
    case 'accreditation':
      return oneLine(fr`${ACCREDITATION_ANSWER[input.status]} : ${capped(oneLine(displayText(input.item.title)))}`);
    case 'deadline':
      // « plus que 48 h » would be wrong for an event opened later than that: the date says it.
      return oneLine(
        fr`Accréditations : clôture le ${formatWhen(input.deadline, { year: false })} pour ${capped(oneLine(displayText(input.item.title)))}`,
      );
  }
}

/** One item as text: a link as « texte [url] », as mail clients show a text part's links. */
const itemText = (item: AlertItem) =>
  [
    item.label ? displayText(item.label) : '',
    `${oneLine(displayText(item.title))} [${item.url}]`,
    formatWhen(item.date),
    item.standfirst ? displayText(item.standfirst) : '',
  ]
    .filter(Boolean)
    .join('\n');

function textOf(input: AlertEmailInput): string {
  const reasons = input.kind === 'deadline' ? [ACCREDITATIONS] : input.kind === 'accreditation' ? [] : input.reasons;
  const lead =
    input.kind === 'post'
      ? 'Une nouvelle publication correspond à vos alertes.'
      : input.kind === 'accreditation'
        ? accreditationLead(input.status, input.item.title)
        : input.kind === 'digest'
          ? fr`Voici votre sélection du ${formatDay(input.day)} : ${articles(input.items.length)}.`
          : fr`Les demandes d’accréditation pour « ${displayText(input.item.title)} » ferment le ${formatWhen(input.deadline)}.`;
  const items = input.kind === 'digest' ? input.items : [input.item];
  return [
    'FFR Presse',
    input.firstName?.trim() ? `Bonjour ${input.firstName.trim()},` : 'Bonjour,',
    lead,
    items.map(itemText).join('\n\n---\n\n'),
    reasons.length > 0 ? fr`Vous recevez cet e-mail parce que vous suivez : ${listOf(reasons)}.` : '',
    `Gérer mes alertes [${input.manageUrl}]\nSe désabonner en un clic [${input.unsubscribeUrl}]`,
    'Fédération française de rugby — service de presse',
  ]
    .filter(Boolean)
    .join('\n\n');
}

export async function renderAlertEmail(input: AlertEmailInput): Promise<{ subject: string; html: string; text: string }> {
  // React 19 adds a <link rel="preload"> to the head for each image of a whole document: a hint for
  // browsers, a remote reference for a mail client. Ours only, written just now, so matched exactly.
  const html = DOCTYPE + renderToString(createElement(AlertEmail, input)).replace(/<link rel="preload" as="image" href="[^"]*"\/>/g, '');
  return { subject: subjectOf(input), html, text: textOf(input) };
}
