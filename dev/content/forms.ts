// Contact Form 7 forms, written as an editor would in the CF7 admin. The emulator's REST API scans
// the tags out of this markup as the plugin does (dev/cf7/form-tags.ts), so both always agree.

import type { Cf7Form, Cf7Mail } from './types.js';

export const SUBJECTS = ['Équipe de France', 'Événements', 'Institutionnel', 'Projets sportifs', 'France Rugby'] as const;
export const REQUEST_TYPES = ['Interview', 'Informations', 'Contenus (photos, vidéos)', 'Autres'] as const;
/** Job titles offered to journalists (exact values from the product specification). */
export const JOB_TITLES = [
  'Journaliste',
  'JRI',
  'Consultant',
  'Pigiste',
  'Indépendant',
  'Secrétaire de rédaction',
  'Reporter photographe',
  'Chroniqueur',
  "Chef d'édition",
  'Grand reporter',
  'Rédacteur en chef',
  'Directeur/trice de rédaction',
  'Chef du service',
  'Chef du service - adjoint',
  'Correspondant',
  'Producteur',
  'Communication',
] as const;

export const CF7_MESSAGES_FR: Record<string, string> = {
  mail_sent_ok: 'Merci pour votre message. Il a été envoyé.',
  mail_sent_ng: 'Une erreur s’est produite lors de la tentative d’envoi de votre message. Veuillez réessayer plus tard.',
  validation_error: 'Un ou plusieurs champs contiennent une erreur. Veuillez vérifier et essayer à nouveau.',
  spam: 'Une erreur s’est produite lors de la tentative d’envoi de votre message. Veuillez réessayer plus tard.',
  accept_terms: 'Vous devez accepter les termes et conditions avant d’envoyer votre message.',
  invalid_required: 'Veuillez renseigner ce champ.',
  too_long: 'Ce champ a une saisie trop longue.',
  too_short: 'Ce champ a une saisie trop courte.',
  // The keys CF7 6 reads for lengths (contact-form-template.php); the two above are older names.
  invalid_too_long: 'Ce champ a une saisie trop longue.',
  invalid_too_short: 'Ce champ a une saisie trop courte.',
  invalid_date: 'Veuillez saisir une date au format AAAA-MM-JJ.',
  date_too_early: 'Ce champ a une date trop ancienne.',
  date_too_late: 'Ce champ a une date trop éloignée.',
  upload_failed: 'Une erreur inconnue s’est produite lors du téléversement du fichier.',
  upload_file_type_invalid: 'Vous n’êtes pas autorisé à téléverser des fichiers de ce type.',
  upload_file_too_large: 'Le fichier téléversé est trop volumineux.',
  upload_failed_php_error: 'Une erreur s’est produite lors du téléversement du fichier.',
  invalid_number: 'Veuillez saisir un nombre.',
  number_too_small: 'Ce champ a un nombre trop petit.',
  number_too_large: 'Ce champ a un nombre trop grand.',
  quiz_answer_not_correct: 'La réponse au quiz est incorrecte.',
  invalid_email: 'Veuillez saisir une adresse de messagerie.',
  invalid_url: 'Veuillez saisir une URL.',
  invalid_tel: 'Veuillez saisir un numéro de téléphone.',
  captcha_not_match: 'Le code saisi est incorrect.',
};

const quoted = (values: readonly string[]): string => values.map((v) => `"${v}"`).join(' ');

const CONSENT =
  '[acceptance rgpd] J’accepte que mes données soient traitées par la Fédération française de rugby pour répondre à ma demande, conformément à la <a href="https://www.ffr.fr/politique-de-confidentialite" target="_blank">politique de confidentialité</a>. [/acceptance]';

function contactMarkup(withCivility: boolean): string {
  return [
    '<p>Les champs marqués d’un astérisque (*) sont obligatoires.</p>',
    ...(withCivility ? ['<label> Civilité\n    [select civilite include_blank "Madame" "Monsieur"] </label>'] : []),
    '<div class="form-row">',
    '<label> Nom *\n    [text* nom autocomplete:family-name] </label>',
    '<label> Prénom *\n    [text* prenom autocomplete:given-name] </label>',
    '</div>',
    '<label> Adresse e-mail *\n    [email* email autocomplete:email] </label>',
    '<div class="form-row">',
    '<label> Indicatif\n    [text indicatif placeholder "+33"] </label>',
    '<label> Téléphone\n    [tel telephone autocomplete:tel] </label>',
    '</div>',
    '<label> Média\n    [text media autocomplete:organization] </label>',
    `<label> Sujet *\n    [select* sujet include_blank ${quoted(SUBJECTS)}] </label>`,
    `<fieldset><legend>Type de demande *</legend>\n    [radio type-demande use_label_element ${quoted(REQUEST_TYPES)}]</fieldset>`,
    '<fieldset><legend>Êtes-vous déjà accrédité auprès de la FFR ?</legend>\n    [radio deja-accredite use_label_element default:2 "Oui|1" "Non|0"]</fieldset>',
    '<label> Message *\n    [textarea* message minlength:10 maxlength:3000] </label>',
    CONSENT,
    '[submit "Envoyer"]',
  ].join('\n');
}

/**
 * The federation's event lists, filled at run time by its wpcf7_form_tag_data_option filter
 * (dev/cf7/data-options.ts): the markup itself has no event values.
 */
export const EVENT_DATA_OPTIONS = {
  all: 'evenements.a-venir',
  'evenements-presse': 'evenements.presse',
  'rencontres-internationales': 'evenements.rencontres',
} as const;

function accreditationMarkup(withPressCard: boolean, events: keyof typeof EVENT_DATA_OPTIONS): string {
  return [
    '<p>Les champs marqués d’un astérisque (*) sont obligatoires. Votre demande sera examinée par le service de presse.</p>',
    '<div class="form-row">',
    '<label> Nom *\n    [text* nom autocomplete:family-name] </label>',
    '<label> Prénom *\n    [text* prenom autocomplete:given-name] </label>',
    '</div>',
    '<label> Adresse e-mail *\n    [email* email autocomplete:email] </label>',
    '<div class="form-row">',
    '<label> Indicatif\n    [text indicatif placeholder "+33"] </label>',
    '<label> Téléphone *\n    [tel* telephone autocomplete:tel] </label>',
    '</div>',
    '<label> Média *\n    [text* media autocomplete:organization] </label>',
    `<label> Fonction *\n    [select* fonction include_blank ${quoted(JOB_TITLES)}] </label>`,
    withPressCard
      ? '<label> Numéro de carte de presse\n    [text carte-presse inputmode:numeric maxlength:10] </label>'
      : '<label> Attestation de votre rédaction (PDF ou image, 5 Mo maximum) *\n    [file* justificatif limit:5mb filetypes:pdf|jpg|jpeg|png] </label>',
    `<fieldset><legend>Événement(s) concerné(s) *</legend>\n    [checkbox* accreditation-event-title use_label_element data:${EVENT_DATA_OPTIONS[events]}]</fieldset>`,
    '<label> Commentaire\n    [textarea commentaire maxlength:1000] </label>',
    CONSENT,
    '[submit "Envoyer ma demande"]',
  ].join('\n');
}

const SENDER = 'FFR Presse <wordpress@presse.ffr.fr>';

function mail(subject: string, recipient: string, body: string, headers: string, attachments = ''): Cf7Mail {
  return {
    active: true,
    subject,
    sender: SENDER,
    recipient,
    body,
    additional_headers: headers,
    attachments,
    use_html: false,
    exclude_blank: false,
  };
}

const FOOTER = '--\nCe message a été envoyé depuis le formulaire « [_contact_form_title] » de [_site_title] ([_site_url]).';

function contactMails(withCivility: boolean): { mail: Cf7Mail; mail_2: Cf7Mail } {
  return {
    mail: mail(
      '[_site_title] « [sujet] » – demande de [prenom] [nom]',
      'presse@ffr.fr',
      `De : ${withCivility ? '[civilite] ' : ''}[prenom] [nom] <[email]>\nTéléphone : [indicatif] [telephone]\nMédia : [media]\nSujet : [sujet]\nType de demande : [type-demande]\nDéjà accrédité : [deja-accredite]\n\nMessage :\n[message]\n\n${FOOTER}`,
      'Reply-To: [email]',
    ),
    mail_2: mail(
      'Votre message au service de presse de la FFR',
      '[email]',
      `Bonjour [prenom],\n\nNous avons bien reçu votre message concernant « [sujet] ». Le service de presse vous répondra dans les meilleurs délais.\n\nVotre message :\n[message]\n\nLe service de presse de la Fédération française de rugby\n+33 1 69 63 64 65 – presse@ffr.fr`,
      'Reply-To: presse@ffr.fr',
    ),
  };
}

function accreditationMails(kind: string, withPressCard: boolean): { mail: Cf7Mail; mail_2: Cf7Mail } {
  return {
    mail: mail(
      `[_site_title] Demande d’accréditation (${kind}) – [prenom] [nom], [media]`,
      'accreditations@ffr.fr',
      `Demande d’accréditation : ${kind}\n\nNom : [nom]\nPrénom : [prenom]\nAdresse e-mail : [email]\nTéléphone : [indicatif] [telephone]\nMédia : [media]\nFonction : [fonction]\n${withPressCard ? 'Carte de presse : [carte-presse]\n' : ''}Événement(s) : [accreditation-event-title]\n\nCommentaire :\n[commentaire]\n\n${FOOTER}`,
      'Reply-To: [email]',
      withPressCard ? '' : '[justificatif]',
    ),
    mail_2: mail(
      'Votre demande d’accréditation a bien été reçue',
      '[email]',
      'Bonjour [prenom],\n\nVotre demande d’accréditation pour [accreditation-event-title] a bien été enregistrée. Le service de presse vous confirmera sa décision par courriel.\n\nLe service de presse de la Fédération française de rugby',
      'Reply-To: accreditations@ffr.fr',
    ),
  };
}

function form(id: number, slug: string, title: string, content: string, mails: { mail: Cf7Mail; mail_2: Cf7Mail }): Cf7Form {
  return {
    id,
    slug,
    title,
    locale: 'fr_FR',
    properties: {
      form: content,
      mail: mails.mail,
      mail_2: mails.mail_2,
      messages: { ...CF7_MESSAGES_FR },
      additional_settings: '',
    },
  };
}

export function buildForms(): Cf7Form[] {
  const events = 'Événements presse';
  const matches = 'Rencontres internationales';
  const noCard = 'Média français sans carte de presse';
  return [
    form(101, 'contactez-nous-modal', 'Contactez-nous', contactMarkup(false), contactMails(false)),
    form(102, 'contactez-nous', 'Contactez le service de presse', contactMarkup(true), contactMails(true)),
    form(103, 'evenements-presse', events, accreditationMarkup(true, 'evenements-presse'), accreditationMails(events, true)),
    form(
      104,
      'accreditation-evenements-presse',
      `Accréditation – ${events}`,
      accreditationMarkup(true, 'evenements-presse'),
      accreditationMails(events, true),
    ),
    form(
      105,
      'rencontres-internationales',
      matches,
      accreditationMarkup(true, 'rencontres-internationales'),
      accreditationMails(matches, true),
    ),
    form(
      106,
      'accreditation-rencontres-internationales',
      `Accréditation – ${matches}`,
      accreditationMarkup(true, 'rencontres-internationales'),
      accreditationMails(matches, true),
    ),
    form(107, 'media-francais-sans-carte', noCard, accreditationMarkup(false, 'all'), accreditationMails(noCard, false)),
    form(
      108,
      'accreditation-media-francais-sans-carte',
      `Accréditation – ${noCard}`,
      accreditationMarkup(false, 'all'),
      accreditationMails(noCard, false),
    ),
  ];
}
