// Downloadable documents (PDF) attached to articles, stored next to the images.

import type { ImageStore } from './images.js';
import { makePdf } from './pdf.js';

export type DocumentKind = 'ag' | 'comite' | 'dossier-xv' | 'dossier-feminine' | 'guide-medias' | 'reglement-accreditations' | 'calendrier';

export type PressDocument = { kind: DocumentKind; url: string; title: string; filesize: number; mime: 'application/pdf' };

type DocumentDef = readonly [kind: DocumentKind, path: string, title: string, lines: readonly string[]];

const DOCUMENTS: readonly DocumentDef[] = [
  [
    'ag',
    '2026/06/proces-verbal-assemblee-generale.pdf',
    'Procès-verbal de l’Assemblée générale de la FFR',
    [
      'Les délégués des clubs, réunis en Assemblée générale, ont adopté l’ensemble des résolutions.',
      'Résolution 1 : approbation du rapport moral du président.',
      'Résolution 2 : approbation des comptes de l’exercice clos et affectation du résultat.',
      'Résolution 3 : adoption du budget prévisionnel de la saison à venir.',
      'Résolution 4 : modification des règlements généraux relatifs aux licences.',
      'Le procès-verbal complet est tenu à la disposition des clubs au siège de la Fédération.',
    ],
  ],
  [
    'comite',
    '2026/03/releve-de-decisions-comite-directeur.pdf',
    'Relevé de décisions du comité directeur',
    [
      'Le comité directeur s’est réuni au Centre national du rugby de Marcoussis.',
      'Validation du calendrier des compétitions fédérales et des dates des phases finales.',
      'Attribution des aides aux clubs pour l’équipement des écoles de rugby.',
      'Point d’étape sur le plan de développement du rugby féminin.',
    ],
  ],
  [
    'dossier-xv',
    '2026/11/dossier-de-presse-xv-de-france.pdf',
    'Dossier de presse – XV de France',
    [
      'Le groupe, le staff et le calendrier des rencontres internationales.',
      'Statistiques individuelles et collectives de la saison.',
      'Informations pratiques pour les médias accrédités : horaires, accès, zone mixte.',
      'Contacts du service de presse : presse@ffr.fr – +33 1 69 63 64 65.',
    ],
  ],
  [
    'dossier-feminine',
    '2026/03/dossier-de-presse-france-feminine.pdf',
    'Dossier de presse – Équipe de France féminine',
    [
      'Présentation du groupe et du staff de l’équipe de France féminine.',
      'Calendrier du Tournoi des Six Nations féminin et des tests de l’automne.',
      'Chiffres clés du rugby féminin en France : licenciées, clubs, compétitions.',
      'Contacts du service de presse : presse@ffr.fr.',
    ],
  ],
  [
    'guide-medias',
    '2026/01/guide-medias-tournoi-des-six-nations.pdf',
    'Guide des médias – Tournoi des Six Nations',
    [
      'Modalités d’accréditation et de retrait des badges.',
      'Plan d’accès des stades, parkings et entrées réservées aux médias.',
      'Organisation des conférences de presse et de la zone mixte.',
      'Règles applicables aux photographes et aux équipes de tournage.',
    ],
  ],
  [
    'reglement-accreditations',
    '2025/09/reglement-des-accreditations-presse.pdf',
    'Règlement des accréditations presse',
    [
      'Les demandes sont examinées par le service de presse de la Fédération française de rugby.',
      'Toute demande doit être déposée au plus tard cinq jours avant l’événement.',
      'L’accréditation est nominative et ne peut être cédée.',
      'Les médias sans carte de presse doivent fournir une attestation de leur rédaction.',
    ],
  ],
  [
    'calendrier',
    '2025/07/calendrier-international-de-la-saison.pdf',
    'Calendrier international de la saison',
    [
      'XV de France : tests d’automne, Tournoi des Six Nations et tournée d’été.',
      'Équipe de France féminine : Tournoi des Six Nations féminin et tests internationaux.',
      'France 7 : étapes du HSBC SVNS.',
      'France U20 : Six Nations U20 et Championnat du monde U20.',
    ],
  ],
];

export function addDocuments(store: ImageStore): Map<DocumentKind, PressDocument> {
  const docs = new Map<DocumentKind, PressDocument>();
  for (const [kind, path, title, lines] of DOCUMENTS) {
    const pdf = makePdf(title, lines);
    docs.set(kind, { kind, url: store.put(path, pdf), title, filesize: pdf.length, mime: 'application/pdf' });
  }
  return docs;
}
