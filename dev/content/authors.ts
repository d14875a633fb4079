// The press office: the people who sign the articles.

import type { WpAuthor, WpUser } from './types.js';
import { addAvatar, type ImageStore } from './images.js';
import type { Random } from './random.js';
import { slugify } from './text.js';

/** Which desk an article comes from; picks a plausible signatory. */
export type Desk = 'xv' | 'feminine' | 'jeunes-7' | 'institution' | 'photo' | 'video' | 'web';

type AuthorDef = { nom: string; role: string; description: string; phone: string; desks: readonly Desk[] };

const AUTHORS: readonly AuthorDef[] = [
  {
    nom: 'Claire Dumont',
    role: 'Responsable du service de presse',
    phone: '+33 1 69 63 64 65',
    desks: ['institution', 'xv'],
    description:
      'Responsable du service de presse de la Fédération française de rugby. Interlocutrice des rédactions pour les demandes d’interview et les accréditations.',
  },
  {
    nom: 'Julien Moreau',
    role: 'Attaché de presse du XV de France',
    phone: '+33 1 69 63 64 66',
    desks: ['xv'],
    description: 'Attaché de presse du XV de France. Il accompagne le groupe lors des rassemblements, des matchs et des déplacements.',
  },
  {
    nom: 'Sophie Laurent',
    role: 'Attachée de presse des équipes de France féminines',
    phone: '+33 1 69 63 64 67',
    desks: ['feminine'],
    description: 'Attachée de presse de l’équipe de France féminine et de l’équipe de France féminine de rugby à 7.',
  },
  {
    nom: 'Nicolas Bertrand',
    role: 'Attaché de presse France 7 et France U20',
    phone: '+33 1 69 63 64 68',
    desks: ['jeunes-7'],
    description: 'Attaché de presse de France 7 et des Bleuets. Il suit le circuit HSBC SVNS et les compétitions des moins de 20 ans.',
  },
  {
    nom: 'Élodie Fournier',
    role: 'Chargée de communication institutionnelle',
    phone: '+33 1 69 63 64 69',
    desks: ['institution', 'web'],
    description: 'Chargée de la communication institutionnelle : Assemblée générale, comité directeur, rugby amateur et partenaires.',
  },
  {
    nom: 'Thomas Girard',
    role: 'Photographe officiel',
    phone: '+33 1 69 63 64 70',
    desks: ['photo'],
    description: 'Photographe officiel de la Fédération française de rugby, présent au bord des terrains des équipes de France.',
  },
  {
    nom: 'Manon Rousseau',
    role: 'Rédactrice web',
    phone: '+33 1 69 63 64 71',
    desks: ['web', 'feminine', 'jeunes-7'],
    description: 'Rédactrice web de la salle de presse. Elle couvre l’actualité des compétitions, de la formation et du rugby santé.',
  },
  {
    nom: 'Antoine Mercier',
    role: 'Journaliste reporter d’images',
    phone: '+33 1 69 63 64 72',
    desks: ['video'],
    description: 'Journaliste reporter d’images de la FFR. Il réalise les reportages vidéo et les coulisses des équipes de France.',
  },
];

/** The site's first account: it administers WordPress and signs no post. */
const ADMIN = { id: 1, name: 'Service web FFR', slug: 'service-web-ffr' };

export class AuthorDesk {
  /** As articles carry them (`auteur`): the ids are WordPress user ids, stable whatever the seed. */
  readonly list: WpAuthor[];
  /** Every WordPress user, as /wp/v2/users knows them (the authors with the same ids). */
  readonly users: WpUser[];
  private readonly defs = AUTHORS;

  constructor(store: ImageStore) {
    // No local avatar: WordPress falls back to Gravatar's default image (get_avatar_url, wp-includes/link-template.php).
    const gravatar = (size: number) => `https://secure.gravatar.com/avatar/?s=${size}&d=mm&r=g`;
    const admin = { '24': gravatar(24), '48': gravatar(48), '96': gravatar(96) };
    this.users = [
      {
        id: ADMIN.id,
        name: ADMIN.name,
        slug: ADMIN.slug,
        description: '',
        url: 'https://www.ffr.fr',
        link: `https://presse.ffr.fr/author/${ADMIN.slug}/`,
        avatar_urls: admin,
      },
    ];
    this.list = AUTHORS.map((a, i) => {
      const slug = slugify(a.nom);
      const [first = '', last = ''] = a.nom.split(' ');
      const initials = `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
      const avatars = addAvatar(store, slug, initials, i);
      const author: WpAuthor = {
        id: i + 2,
        nom: a.nom,
        author_link: `https://presse.ffr.fr/author/${slug}/`,
        description: a.description,
        role_edition: a.role,
        avatar_urls: { '48': avatars['48'], '96': avatars['96'] },
        phone_number: a.phone,
        email: `${slugify(first)}.${slugify(last)}@ffr.fr`,
      };
      this.users.push({
        id: author.id,
        name: a.nom,
        slug,
        description: a.description,
        url: '',
        link: author.author_link,
        avatar_urls: avatars,
      });
      return author;
    });
  }

  forDesk(rng: Random, desk: Desk): WpAuthor {
    const candidates = this.list.filter((_, i) => this.defs[i]?.desks.includes(desk));
    return rng.pick(candidates.length > 0 ? candidates : this.list);
  }

  /** The press officer of a desk (the first author it lists), for contact boxes. */
  officer(desk: Desk): WpAuthor {
    return this.list.find((_, i) => this.defs[i]?.desks[0] === desk) ?? (this.list[0] as WpAuthor);
  }
}
