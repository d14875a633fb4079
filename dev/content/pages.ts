// Static pages: legal notices, press contacts, events, accreditations and a small page tree
// (levels 1 to 3) that exercises the "displayable page" rules.

import type { WpEvent, WpPage, WpPageRef, WpPostCard } from './types.js';
import type { IllustrationLibrary } from './images.js';
import { typo } from './text.js';

export const PAGE_IDS = {
  mentions: 201,
  contact: 202,
  evenements: 203,
  accreditations: 204,
  charte: 205,
  federation: 206,
  servicePresse: 207,
  organigramme: 208,
  billetterie: 209,
  kitMedias: 210,
  offres: 211,
  confidentialite: 212,
  cgu: 213,
} as const;

type PageInput = Partial<WpPage> & Pick<WpPage, 'id' | 'title' | 'slug' | 'niveau' | 'content'>;

/** A page with every field of the page list, empty unless given. `link` is set by buildPages. */
export function makePage(input: PageInput): WpPage {
  const description = input.description ?? '';
  return {
    description,
    excerpt: description,
    link: '',
    label: '',
    featured_media: null,
    rencontre_background: '',
    liste_enfants: [],
    liste_freres: [],
    news: [],
    genre: '',
    template: '',
    classe_age: '',
    parent: 0,
    redirection: '',
    competitions: [],
    compte_joueurs: [],
    effectif: [],
    staff: [],
    albums_saisons: [],
    albums_filtres: [],
    future_events: [],
    sidebar_content: '',
    categorie: null,
    meta_title: `${input.title} | FFR Presse`,
    meta_description: description,
    ...input,
    content: typo(input.content),
  };
}

const PRESS_CONTACT =
  '<p><strong>Téléphone :</strong> +33 1 69 63 64 65<br><strong>Adresse e-mail :</strong> <a href="mailto:presse@ffr.fr">presse@ffr.fr</a></p>';

const LEGAL = [
  '<h2>Éditeur du site</h2>',
  '<p>Le site presse.ffr.fr est édité par la Fédération française de rugby (FFR), association régie par la loi du 1er juillet 1901, reconnue d’utilité publique, dont le siège est situé au Centre national du rugby, 3 rue Jean de Montaigu, 91460 Marcoussis.</p>',
  '<p>Téléphone : +33 1 69 63 64 65 – Adresse e-mail : <a href="mailto:presse@ffr.fr">presse@ffr.fr</a></p>',
  '<h2>Directeur de la publication</h2>',
  '<p>Le directeur de la publication est le président de la Fédération française de rugby.</p>',
  '<h2>Hébergement</h2>',
  '<p>Le site est hébergé par Cloudflare, Inc., 101 Townsend Street, San Francisco, CA 94107, États-Unis.</p>',
  '<h2>Propriété intellectuelle</h2>',
  '<p>L’ensemble des contenus publiés sur ce site (textes, photographies, vidéos, logos et marques) est la propriété de la Fédération française de rugby ou de ses partenaires. Toute reproduction sans autorisation préalable est interdite.</p>',
  '<p>Les photographies et vidéos mises à disposition dans la salle de presse peuvent être utilisées par les médias dans un cadre strictement éditorial, avec la mention du crédit indiqué.</p>',
  '<h2>Données personnelles</h2>',
  '<p>Les données collectées au moyen des formulaires de contact et d’accréditation sont traitées par la Fédération française de rugby afin de répondre aux demandes des médias et de gérer les accréditations. Elles sont destinées au seul service de presse et conservées trois ans à compter du dernier contact.</p>',
  '<p>Conformément au règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés, vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation et d’opposition au traitement de vos données. Pour l’exercer, écrivez au délégué à la protection des données : <a href="mailto:dpo@ffr.fr">dpo@ffr.fr</a>. Vous pouvez également introduire une réclamation auprès de la CNIL.</p>',
  '<h2>Cookies</h2>',
  '<p>Le site utilise des cookies strictement nécessaires à son fonctionnement, notamment pour la connexion à l’espace presse. Les cookies de mesure d’audience ne sont déposés qu’avec votre consentement, que vous pouvez retirer à tout moment.</p>',
].join('');

export type PageInputs = {
  illustrations: IllustrationLibrary;
  futureEvents: WpEvent[];
  latest: WpPostCard[];
  latestPress: WpPostCard[];
  latestFederation: WpPostCard[];
  /** Pages built elsewhere (the national teams, teams.ts), added after these. */
  more?: WpPage[];
};

/**
 * Every page's `link`: its path on the site, the slugs of its ancestors then its own, as WordPress
 * builds a hierarchical page's permalink (get_page_uri, wp-includes/post.php); the same path on
 * each entry of liste_enfants / liste_freres.
 */
function withLinks(pages: WpPage[]): WpPage[] {
  const byId = new Map(pages.map((pg) => [pg.id, pg]));
  const pathOf = (pg: WpPage): string => {
    const parent = byId.get(pg.parent);
    return parent ? `${pathOf(parent)}/${pg.slug}` : `/${pg.slug}`;
  };
  for (const pg of pages) pg.link = pathOf(pg);
  const linkOf = new Map(pages.map((pg) => [pg.slug, pg.link]));
  for (const pg of pages) {
    for (const r of [...pg.liste_enfants, ...pg.liste_freres]) r.link = linkOf.get(r.slug) ?? `/${r.slug}`;
  }
  return pages;
}

export function buildPages({ illustrations, futureEvents, latest, latestPress, latestFederation, more = [] }: PageInputs): WpPage[] {
  const banner = (theme: Parameters<IllustrationLibrary['first']>[0], i = 0): { src: string; legend: string } => {
    const ill = illustrations.first(theme, i);
    return { src: ill.src1280, legend: typo(`${ill.alt}. © FFR`) };
  };
  const ref = (title: string, slug: string): WpPageRef => ({ title, slug, link: '' });
  const federationChildren = (): WpPageRef[] => [ref('Le service de presse', 'le-service-de-presse'), ref('Billetterie', 'billetterie')];

  return withLinks([
    makePage({
      id: PAGE_IDS.mentions,
      title: 'Mentions légales',
      slug: 'mentions-legales',
      niveau: 1,
      content: LEGAL,
      description: 'Informations légales relatives au site de la salle de presse de la Fédération française de rugby.',
    }),
    makePage({
      id: PAGE_IDS.contact,
      title: 'Contacts presse',
      slug: 'contact',
      niveau: 1,
      template: 'page-contact',
      description: 'Contactez le service de presse de la Fédération française de rugby : interviews, accréditations, photothèque.',
      content:
        '<p>Le service de presse de la Fédération française de rugby est à la disposition des médias pour toute demande d’information, d’interview ou d’accréditation.</p>',
      featured_media: banner('presse'),
      banniere: { title: 'Contacts presse', image: illustrations.first('presse').src1280 },
      blocs: [
        {
          title: 'Service de presse',
          content: typo(
            `<p>Pour toute demande d’interview d’un joueur, d’une joueuse ou d’un membre du staff des équipes de France, contactez le service de presse.</p>${PRESS_CONTACT}<p>Du lundi au vendredi, de 9h00 à 18h00.</p>`,
          ),
        },
        {
          title: 'Accréditations',
          content: typo(
            '<p>Les demandes d’accréditation aux rencontres internationales et aux événements presse se font en ligne depuis votre espace presse, au plus tard cinq jours avant l’événement.</p><p><a href="/accreditations">Faire une demande d’accréditation</a></p>',
          ),
        },
        {
          title: 'Photothèque',
          content: typo(
            '<p>Les photographies officielles des équipes de France sont disponibles pour un usage éditorial, avec la mention « © FFR ». Pour toute demande de visuel en haute définition : <a href="mailto:photo@ffr.fr">photo@ffr.fr</a>.</p>',
          ),
        },
      ],
    }),
    makePage({
      id: PAGE_IDS.evenements,
      title: 'Événements',
      slug: 'evenements',
      niveau: 1,
      description: 'Les prochaines rencontres des équipes de France et les événements presse de la Fédération.',
      content:
        '<p>Retrouvez ici les prochaines rencontres des équipes de France et les événements organisés pour les médias. Les accréditations se demandent depuis l’espace presse.</p>',
      featured_media: banner('xv', 1),
      future_events: futureEvents,
      news: latest.slice(0, 3),
    }),
    makePage({
      id: PAGE_IDS.accreditations,
      title: 'Accréditations',
      slug: 'accreditations',
      niveau: 1,
      description: 'Demander une accréditation presse pour les rencontres internationales et les événements de la FFR.',
      content: [
        '<p>Les journalistes, photographes et équipes de tournage peuvent demander une accréditation pour les rencontres internationales des équipes de France et pour les événements presse de la Fédération.</p>',
        '<h2>Comment faire ?</h2>',
        '<ul><li><a href="/espace-presse">Connectez-vous à votre espace presse</a></li><li>Choisissez le ou les événements concernés</li><li>Complétez le formulaire au plus tard cinq jours avant l’événement</li></ul>',
        '<p>Les médias français ne disposant pas de carte de presse peuvent déposer une demande spécifique, accompagnée d’une attestation de leur rédaction.</p>',
      ].join(''),
      liste_enfants: [ref('Charte des accréditations', 'charte-des-accreditations')],
      sidebar_content: typo(`<p>Une question sur votre demande ?</p>${PRESS_CONTACT}`),
    }),
    makePage({
      id: PAGE_IDS.charte,
      title: 'Charte des accréditations',
      slug: 'charte-des-accreditations',
      niveau: 2,
      parent: PAGE_IDS.accreditations,
      description: 'Les règles applicables aux médias accrédités par la Fédération française de rugby.',
      content:
        '<p>L’accréditation est nominative, personnelle et incessible. Elle donne accès aux seules zones mentionnées sur le badge.</p><h2>Engagements des médias</h2><ul><li>Respecter les consignes des équipes d’organisation</li><li>Utiliser les images dans un cadre strictement éditorial</li><li>Ne pas diffuser d’images en direct depuis les zones réservées</li></ul>',
    }),
    makePage({
      id: PAGE_IDS.federation,
      title: 'La Fédération',
      slug: 'la-federation',
      niveau: 1,
      description: 'La Fédération française de rugby : organisation, services et contacts.',
      content:
        '<p>La Fédération française de rugby organise, développe et promeut la pratique du rugby en France, des écoles de rugby aux équipes de France.</p>',
      liste_enfants: federationChildren(),
      news: latestFederation,
      featured_media: banner('federation'),
    }),
    makePage({
      id: PAGE_IDS.servicePresse,
      title: 'Le service de presse',
      slug: 'le-service-de-presse',
      niveau: 2,
      parent: PAGE_IDS.federation,
      description: 'Présentation du service de presse de la Fédération française de rugby.',
      content: `<p>Le service de presse accompagne les médias au quotidien : demandes d’interview, accréditations, diffusion des communiqués et des dossiers de presse.</p>${PRESS_CONTACT}`,
      liste_enfants: [ref('Organigramme du service de presse', 'organigramme-du-service-de-presse'), ref('Kit médias', 'kit-medias')],
      liste_freres: federationChildren(),
      news: latestPress,
    }),
    makePage({
      id: PAGE_IDS.organigramme,
      title: 'Organigramme du service de presse',
      slug: 'organigramme-du-service-de-presse',
      niveau: 3,
      parent: PAGE_IDS.servicePresse,
      description: 'Les membres du service de presse.',
      content:
        '<p>Responsable du service de presse, attachés de presse des équipes de France, photographe et journaliste reporter d’images.</p>',
      liste_freres: [ref('Kit médias', 'kit-medias')],
    }),
    makePage({
      id: PAGE_IDS.billetterie,
      title: 'Billetterie',
      slug: 'billetterie',
      niveau: 2,
      parent: PAGE_IDS.federation,
      redirection: 'https://billetterie.ffr.fr',
      description: 'La billetterie officielle des matchs des équipes de France.',
      content: '<p>Les billets des rencontres des équipes de France sont en vente sur la billetterie officielle de la Fédération.</p>',
      liste_freres: federationChildren(),
    }),
    makePage({
      id: PAGE_IDS.kitMedias,
      title: 'Kit médias',
      slug: 'kit-medias',
      niveau: 3,
      parent: PAGE_IDS.servicePresse,
      template: 'page-kit-medias',
      description: 'Logos, chartes graphiques et dossiers de presse à télécharger.',
      content: '<p>Téléchargez les logos officiels, les chartes graphiques et les dossiers de presse des équipes de France.</p>',
      liste_freres: [ref('Organigramme du service de presse', 'organigramme-du-service-de-presse')],
    }),
    makePage({
      id: PAGE_IDS.offres,
      title: 'Offres entreprises',
      slug: 'offres-entreprises--partenaire',
      niveau: 1,
      label: 'Partenaires',
      description: 'Devenez partenaire de la Fédération française de rugby et des équipes de France.',
      content:
        '<p>Loges, séminaires au Centre national du rugby, visibilité lors des rencontres internationales : la Fédération propose aux entreprises des offres sur mesure.</p><p>Contact : <a href="mailto:partenariats@ffr.fr">partenariats@ffr.fr</a></p>',
      featured_media: banner('partenaires'),
    }),
    makePage({
      id: PAGE_IDS.confidentialite,
      title: 'Politique de confidentialité',
      slug: 'politique-de-confidentialite',
      niveau: 1,
      description: 'Comment la Fédération française de rugby traite vos données personnelles.',
      content:
        '<p>La Fédération française de rugby attache une grande importance à la protection de vos données personnelles. Les données collectées sur ce site servent uniquement à la gestion des demandes des médias et des accréditations.</p><p>Délégué à la protection des données : <a href="mailto:dpo@ffr.fr">dpo@ffr.fr</a></p>',
    }),
    makePage({
      id: PAGE_IDS.cgu,
      title: 'Conditions générales d’utilisation',
      slug: 'conditions-generales-d-utilisation',
      niveau: 1,
      description: 'Les conditions d’utilisation du site de la salle de presse de la FFR.',
      content:
        '<p>L’accès à l’espace presse est réservé aux professionnels des médias disposant d’un compte validé par le service de presse. Toute utilisation des contenus à des fins commerciales est interdite.</p>',
    }),
    ...more,
  ]);
}
