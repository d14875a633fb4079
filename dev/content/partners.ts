// Partners shown in the logo strip, each with a simple SVG wordmark.

import type { WpPartner } from './types.js';
import type { ImageStore } from './images.js';
import { partnerLogoSvg, type PartnerMark } from './svg.js';
import { slugify } from './text.js';

export type PartnerDef = {
  name: string;
  color: string;
  mark: PartnerMark;
  link: string;
  /** Sector, used in partnership articles: "le groupe bancaire", "l’assureur"… */
  sector: string;
  /** What the partner supports, used in partnership articles. */
  scope: string;
};

export const PARTNERS: readonly PartnerDef[] = [
  {
    name: 'Société Générale',
    color: '#e60028',
    mark: 'carre',
    link: 'https://www.societegenerale.fr',
    sector: 'le groupe bancaire',
    scope: 'le XV de France et le rugby amateur',
  },
  {
    name: 'GMF',
    color: '#0b4ea2',
    mark: 'cercle',
    link: 'https://www.gmf.fr',
    sector: 'l’assureur',
    scope: 'les équipes de France et les clubs',
  },
  {
    name: 'Orange',
    color: '#ff7900',
    mark: 'plein',
    link: 'https://www.orange.fr',
    sector: 'l’opérateur de télécommunications',
    scope: 'le XV de France',
  },
  {
    name: 'Renault',
    color: '#1f1f1f',
    mark: 'losange',
    link: 'https://www.renault.fr',
    sector: 'le constructeur automobile',
    scope: 'les équipes de France',
  },
  {
    name: 'Altrad',
    color: '#003b7a',
    mark: 'barres',
    link: 'https://www.altrad.com',
    sector: 'le groupe industriel',
    scope: 'le maillot du XV de France',
  },
  {
    name: 'Le Coq Sportif',
    color: '#002a5c',
    mark: 'etoile',
    link: 'https://www.lecoqsportif.com',
    sector: 'l’équipementier',
    scope: 'l’ensemble des équipes de France',
  },
  {
    name: 'Capgemini',
    color: '#0070ad',
    mark: 'vague',
    link: 'https://www.capgemini.com/fr-fr/',
    sector: 'le groupe de conseil et de services numériques',
    scope: 'l’analyse de la performance',
  },
  {
    name: 'Moët & Chandon',
    color: '#8a6d3b',
    mark: 'etoile',
    link: 'https://www.moet.com',
    sector: 'la maison de champagne',
    scope: 'les réceptions officielles',
  },
  {
    name: 'Groupama',
    color: '#007a53',
    mark: 'vague',
    link: 'https://www.groupama.fr',
    sector: 'le groupe d’assurance mutualiste',
    scope: 'le rugby dans les territoires',
  },
  {
    name: 'Mutuelle des Sportifs',
    color: '#c8102e',
    mark: 'cercle',
    link: 'https://www.grpmds.com',
    sector: 'la mutuelle',
    scope: 'la protection des licenciés',
  },
  {
    name: 'Ovalie Mobilités',
    color: '#2d6a4f',
    mark: 'barres',
    link: 'https://www.ffr.fr/partenaires/ovalie-mobilites',
    sector: 'le spécialiste des transports collectifs',
    scope: 'les déplacements des équipes de France jeunes',
  },
  {
    name: 'Terres de Rugby',
    color: '#7b2d26',
    mark: 'losange',
    link: 'https://www.ffr.fr/partenaires/terres-de-rugby',
    sector: 'le collectif de producteurs régionaux',
    scope: 'les villages partenaires des jours de match',
  },
];

export function buildPartners(store: ImageStore): WpPartner[] {
  return PARTNERS.map((p) => ({
    title: p.name,
    illustration: {
      src: store.put(`partenaires/${slugify(p.name)}.svg`, partnerLogoSvg(p.name, p.color, p.mark)),
      alt: `Logo ${p.name}`,
    },
    target: p.link.startsWith('https://www.ffr.fr/') ? '_self' : '_blank',
    link: p.link,
  }));
}
