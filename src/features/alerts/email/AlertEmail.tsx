import { Body, Button, Column, Container, Head, Heading, Hr, Html, Img, Link, Preview, Row, Section, Text } from '@react-email/components';
import { type CSSProperties, Fragment, type ReactNode } from 'react';
import { fr, displayText } from '../../../lib/format/typography';
import { articles, formatDay, formatWhen, listOf } from './format';
import type { AlertItem } from '../../../schemas/alerts';

// The press alert, as mail clients read it: tables and inline styles only (the components write
// the tables), no web font, no remote resource but the post's own picture, nothing that tracks.

type Links = { manageUrl: string; unsubscribeUrl: string; firstName?: string };

export type AlertEmailInput =
  | ({ kind: 'post'; item: AlertItem; reasons: string[] } & Links)
  | ({
      kind: 'digest';
      items: AlertItem[];
      reasons: string[];
      /** The Paris day of the selection: « 2026-11-26 ». */
      day: string;
    } & Links)
  | ({
      kind: 'deadline';
      item: AlertItem;
      /** ISO instant. */
      deadline: string;
    } & Links)
  | ({
      /** The press office's answer to the journalist's own accreditation request. */
      kind: 'accreditation';
      item: AlertItem;
      status: 'valide' | 'refuse';
    } & Links);

/** The answer in words, for the subject, the lead and the label (SPEC §4: « Validée », « Refusée »). */
export const ACCREDITATION_ANSWER = { valide: 'Accréditation validée', refuse: 'Accréditation refusée' } as const;

/**
 * topics.ts's ACCREDITATIONS_LABEL, written again: its folder imports this one, and a folder never
 * imports one that imports it back (.dependency-cruiser.cjs).
 */
export const ACCREDITATIONS = 'les ouvertures d’accréditation';

const NAVY = '#00205b';
const RED = '#e4002b';
const INK = '#111827';
const MUTED = '#5b6474';
const LINE = '#e3e7ee';
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
/** The column inside the 600 px container and its 24 px margins. */
const INNER = 552;

const s = {
  body: { margin: 0, padding: '24px 0', backgroundColor: '#f5f7fa', fontFamily: FONT, color: INK },
  container: { width: '100%', maxWidth: '600px', margin: '0 auto' },
  band: { backgroundColor: NAVY, padding: '18px 24px' },
  brand: { margin: 0, color: '#ffffff', fontSize: '22px', lineHeight: '28px', fontWeight: 700, letterSpacing: '0.02em' },
  tagline: { margin: 0, color: '#c8d3ea', fontSize: '13px', lineHeight: '18px' },
  card: { backgroundColor: '#ffffff', padding: '24px' },
  text: { margin: '0 0 12px', fontSize: '16px', lineHeight: '24px', color: INK },
  item: { marginTop: '8px' },
  image: { display: 'block', width: '100%', maxWidth: `${INNER}px`, height: 'auto', border: 0, borderRadius: '6px', marginBottom: '16px' },
  label: {
    margin: '0 0 4px',
    fontSize: '13px',
    lineHeight: '18px',
    fontWeight: 700,
    color: RED,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  },
  title: { margin: '0 0 6px', fontSize: '22px', lineHeight: '28px', fontWeight: 700 },
  digestTitle: { margin: '0 0 4px', fontSize: '15px', lineHeight: '21px', fontWeight: 700 },
  titleLink: { color: NAVY, textDecoration: 'none' },
  date: { margin: '0 0 12px', fontSize: '14px', lineHeight: '20px', color: MUTED },
  standfirst: { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: INK },
  button: {
    backgroundColor: RED,
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 700,
    borderRadius: '6px',
    padding: '12px 20px',
    textDecoration: 'none',
  },
  thumb: { display: 'block', width: '112px', height: 'auto', border: 0, borderRadius: '4px' },
  rule: { borderColor: LINE, margin: '16px 0' },
  why: { margin: 0, fontSize: '14px', lineHeight: '20px', color: MUTED },
  footer: { padding: '16px 24px', textAlign: 'center' },
  footerLinks: { margin: '0 0 8px', fontSize: '14px', lineHeight: '20px', color: MUTED },
  footerLink: { color: NAVY, textDecoration: 'underline' },
  signature: { margin: 0, fontSize: '12px', lineHeight: '18px', color: MUTED },
} satisfies Record<string, CSSProperties>;

/** The line under the preview's subject in an inbox list. */
function previewOf(input: AlertEmailInput): string {
  if (input.kind === 'digest') return input.items.map((i) => displayText(i.title)).join(' · ');
  if (input.kind === 'deadline') return fr`Date limite : ${formatWhen(input.deadline)}.`;
  if (input.kind === 'accreditation') return fr`${ACCREDITATION_ANSWER[input.status]} : ${displayText(input.item.title)}.`;
  return displayText(input.item.standfirst || input.item.title);
}

const tagline = {
  post: 'Alerte presse',
  digest: 'Votre sélection',
  deadline: 'Rappel accréditation',
  accreditation: 'Votre accréditation',
} as const;

export function AlertEmail(input: AlertEmailInput) {
  // An answer to the journalist's own request: sent for no topic they follow.
  const reasons = input.kind === 'deadline' ? [ACCREDITATIONS] : input.kind === 'accreditation' ? [] : input.reasons;
  return (
    <Html lang="fr" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{previewOf(input)}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Band style={s.band}>
            <Text style={s.brand}>FFR Presse</Text>
            <Text style={s.tagline} data-skip-in-text="true">
              {tagline[input.kind]}
            </Text>
          </Band>
          <Band style={s.card}>
            <Text style={s.text}>{input.firstName?.trim() ? `Bonjour ${input.firstName.trim()},` : 'Bonjour,'}</Text>
            <Lead input={input} />
            {input.kind === 'digest' ? (
              input.items.map((item, i) => (
                <Fragment key={i}>
                  {i > 0 ? <Hr style={s.rule} /> : null}
                  <DigestItem item={item} />
                </Fragment>
              ))
            ) : (
              <Card
                item={input.item}
                action={
                  input.kind === 'deadline'
                    ? 'Voir l’événement'
                    : input.kind === 'accreditation'
                      ? 'Mon espace presse'
                      : 'Lire sur FFR Presse'
                }
              />
            )}
            <Hr style={s.rule} />
            {reasons.length > 0 ? (
              <Text style={s.why}>{fr`Vous recevez cet e-mail parce que vous suivez : ${listOf(reasons)}.`}</Text>
            ) : null}
          </Band>
          <Band style={s.footer}>
            <Text style={s.footerLinks}>
              <Link href={input.manageUrl} style={s.footerLink}>
                Gérer mes alertes
              </Link>
              {' · '}
              <Link href={input.unsubscribeUrl} style={s.footerLink}>
                Se désabonner en un clic
              </Link>
            </Text>
            <Text style={s.signature}>Fédération française de rugby — service de presse</Text>
          </Band>
        </Container>
      </Body>
    </Html>
  );
}

/** A coloured band: its padding on a cell, where Outlook for Windows honours it (not on a table). */
function Band({ style: { padding, ...style }, children }: { style: CSSProperties; children: ReactNode }) {
  return (
    <Section style={style}>
      <Row>
        <Column style={{ padding }}>{children}</Column>
      </Row>
    </Section>
  );
}

function Lead({ input }: { input: AlertEmailInput }) {
  if (input.kind === 'post') return <Text style={s.text}>Une nouvelle publication correspond à vos alertes.</Text>;
  if (input.kind === 'digest')
    return <Text style={s.text}>{fr`Voici votre sélection du ${formatDay(input.day)} : ${articles(input.items.length)}.`}</Text>;
  if (input.kind === 'accreditation') return <Text style={s.text}>{accreditationLead(input.status, input.item.title)}</Text>;
  return (
    <Text style={s.text}>
      {fr`Les demandes d’accréditation pour « ${displayText(input.item.title)} » ferment le `}
      <strong style={{ whiteSpace: 'nowrap' }}>{formatWhen(input.deadline)}</strong>.
    </Text>
  );
}

/** One post or event, with its picture and a button. */
function Card({ item, action }: { item: AlertItem; action: string }) {
  return (
    <Section style={s.item}>
      {item.imageUrl ? (
        <Img src={item.imageUrl} alt={displayText(item.imageAlt)} width={INNER} height={Math.round((INNER * 9) / 16)} style={s.image} />
      ) : null}
      {item.label ? <Text style={s.label}>{displayText(item.label)}</Text> : null}
      <Heading as="h1" style={s.title}>
        <Link href={item.url} style={s.titleLink}>
          {displayText(item.title)}
        </Link>
      </Heading>
      <Text style={s.date}>{formatWhen(item.date)}</Text>
      {item.standfirst ? <Text style={s.standfirst}>{displayText(item.standfirst)}</Text> : null}
      {/* The title already carries the link in the text part. */}
      <Button href={item.url} style={s.button} data-skip-in-text="true">
        {action}
      </Button>
    </Section>
  );
}

/** A post in the morning selection: a thumbnail beside its title, so that ten of them stay short. */
function DigestItem({ item }: { item: AlertItem }) {
  return (
    <Section style={s.item}>
      <Row>
        {item.imageUrl ? (
          <Column style={{ width: '128px', verticalAlign: 'top' }}>
            <Img src={item.imageUrl} alt={displayText(item.imageAlt)} width={112} height={63} style={s.thumb} />
          </Column>
        ) : null}
        <Column style={{ verticalAlign: 'top' }}>
          {item.label ? <Text style={s.label}>{displayText(item.label)}</Text> : null}
          <Heading as="h2" style={s.digestTitle}>
            <Link href={item.url} style={s.titleLink}>
              {displayText(item.title)}
            </Link>
          </Heading>
          <Text style={{ ...s.date, margin: '0 0 4px' }}>{formatWhen(item.date)}</Text>
          {item.standfirst ? <Text style={{ ...s.why, color: INK }}>{displayText(item.standfirst)}</Text> : null}
        </Column>
      </Row>
    </Section>
  );
}

/** What the press office decided, in one sentence (the text part says the same). */
export function accreditationLead(status: 'valide' | 'refuse', title: string): string {
  return status === 'valide'
    ? fr`Le service de presse a validé votre demande d’accréditation pour « ${displayText(title)} ». Vous la retrouvez dans votre espace presse.`
    : fr`Le service de presse n’a pas pu donner suite à votre demande d’accréditation pour « ${displayText(title)} ». Pour toute question, répondez à cet e-mail.`;
}
