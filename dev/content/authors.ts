// The press office: the people who sign the articles.

import type { WpAuthor } from './types.js';
import { addAvatar, type ImageStore } from './images.js';
import type { Random } from './random.js';
import { slugify } from './text.js';

/** Which desk an article comes from; picks a plausible signatory. */
export type Desk = 'xv' | 'feminine' | 'jeunes-7' | 'institution' | 'photo' | 'video' | 'web';

type AuthorDef = { nom: string; role: string; description: string; phone: string; desks: readonly Desk[] };

const AUTHORS: readonly AuthorDef[] = [
  {
    nom: 'Claire Dumont', role: 'Responsable du service de presse', phone: '+33 1 69 63 64 65', desks: ['institution', 'xv'],
    description: 'Responsable du service de presse de la Fédération française de rugby. Interlocutrice des rédactions pour les demandes d’interview et les accréditations.',
  },
  {
    nom: 'Julien Moreau', role: 'Attaché de presse du XV de France', phone: '+33 1 69 63 64 66', desks: ['xv'],
    description: 'Attaché de presse du XV de France. Il accompagne le groupe lors des rassemblements, des matchs et des déplacements.',
  },
  {
    nom: 'Sophie Laurent', role: 'Attachée de presse des équipes de France féminines', phone: '+33 1 69 63 64 67', desks: ['feminine'],
    description: 'Attachée de presse de l’équipe de France féminine et de l’équipe de France féminine de rugby à 7.',
  },
  {
    nom: 'Nicolas Bertrand', role: 'Attaché de presse France 7 et France U20', phone: '+33 1 69 63 64 68', desks: ['jeunes-7'],
    description: 'Attaché de presse de France 7 et des Bleuets. Il suit le circuit HSBC SVNS et les compétitions des moins de 20 ans.',
  },
  {
    nom: 'Élodie Fournier', role: 'Chargée de communication institutionnelle', phone: '+33 1 69 63 64 69', desks: ['institution', 'web'],
    description: 'Chargée de la communication institutionnelle : Assemblée générale, comité directeur, rugby amateur et partenaires.',
  },
  {
    nom: 'Thomas Girard', role: 'Photographe officiel', phone: '+33 1 69 63 64 70', desks: ['photo'],
    description: 'Photographe officiel de la Fédération française de rugby, présent au bord des terrains des équipes de France.',
  },
  {
    nom: 'Manon Rousseau', role: 'Rédactrice web', phone: '+33 1 69 63 64 71', desks: ['web', 'feminine', 'jeunes-7'],
    description: 'Rédactrice web de la salle de presse. Elle couvre l’actualité des compétitions, de la formation et du rugby santé.',
  },
  {
    nom: 'Antoine Mercier', role: 'Journaliste reporter d’images', phone: '+33 1 69 63 64 72', desks: ['video'],
    description: 'Journaliste reporter d’images de la FFR. Il réalise les reportages vidéo et les coulisses des équipes de France.',
  },
];

export class AuthorDesk {
  readonly list: WpAuthor[];
  private readonly defs = AUTHORS;

  constructor(store: ImageStore) {
    this.list = AUTHORS.map((a, i) => {
      const slug = slugify(a.nom);
      const [first = '', last = ''] = a.nom.split(' ');
      const initials = `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
      return {
        id: i + 2,
        nom: a.nom,
        author_link: `https://presse.ffr.fr/author/${slug}/`,
        description: a.description,
        role_edition: a.role,
        avatar_urls: addAvatar(store, slug, initials, i),
        phone_number: a.phone,
        email: `${slugify(first)}.${slugify(last)}@ffr.fr`,
      };
    });
  }

  forDesk(rng: Random, desk: Desk): WpAuthor {
    const candidates = this.list.filter((_, i) => this.defs[i]?.desks.includes(desk));
    return rng.pick(candidates.length > 0 ? candidates : this.list);
  }
}
