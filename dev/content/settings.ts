// Site settings (/ffr/v1/settings).

import type { WpArticle, WpEvent, WpSettings } from './types.js';
import { CAT } from './categories.js';
import { seasonOf } from './dates.js';
import type { BrandAssets, IllustrationLibrary } from './images.js';
import type { StoryListEntry } from './stories.js';
import { typo } from './text.js';

export type SettingsInputs = {
  now: number;
  brand: BrandAssets;
  illustrations: IllustrationLibrary;
  topNews: WpArticle;
  nextOpenEvent: WpEvent | undefined;
  stories: StoryListEntry[];
};

export function buildSettings({ now, brand, illustrations, topNews, nextOpenEvent, stories }: SettingsInputs): WpSettings {
  return {
    ligue: 'ffr',
    title: 'FFR Presse',
    description: 'La salle de presse de la Fédération française de rugby',
    url: 'https://presse.ffr.fr',
    logo: brand.logo,
    logo_footer: brand.logoFooter,
    logo_transparent: brand.logoTransparent,
    cat_calendrier_equipes: CAT.XV,
    saison_en_cours: seasonOf(now),
    class_ligue: 'ffr',
    titre_liste_cards: 'Dernières actualités',
    accreditations: ['Rencontres internationales', 'Événements presse', 'Média français sans carte de presse'],
    contacts: {
      adresse: 'Centre national du rugby, 3 rue Jean de Montaigu, 91460 Marcoussis',
      adresse_map: 'https://www.google.com/maps/search/?api=1&query=Centre+national+du+rugby+3+rue+Jean+de+Montaigu+91460+Marcoussis',
      telephone: '+33 1 69 63 64 65',
      email: 'presse@ffr.fr',
      horaires: 'Du lundi au vendredi, de 9h00 à 18h00',
    },
    favicons: brand.favicons,
    fb_lien: 'https://www.facebook.com/FFRugby',
    twitter_lien: 'https://x.com/FFRugby',
    instagram_lien: 'https://www.instagram.com/ffrugby/',
    youtube_lien: 'https://www.youtube.com/@FFRugby',
    flickr_lien: 'https://www.flickr.com/photos/ffrugby/',
    linkedin_lien: 'https://www.linkedin.com/company/federation-francaise-de-rugby/',
    twitch_lien: '',
    snapchat_lien: '',
    tik_tok_lien: 'https://www.tiktok.com/@ffrugby',
    newsletter: 'https://www.ffr.fr/newsletter',
    cgu: 'https://www.ffr.fr/conditions-generales-d-utilisation',
    cookies: 'https://www.ffr.fr/politique-de-confidentialite',
    actualite_topbar: typo(nextOpenEvent ? `Accréditations ouvertes : ${nextOpenEvent.title}` : 'Toute l’actualité des équipes de France'),
    login_url: '',
    logout_url: '',
    type_site: 'newsroom',
    top_news: { link: topNews.link, label: 'À la une', title: topNews.title },
    dashboard_popup: {
      format: 'image',
      image_desktop: illustrations.first('presse').src1280,
      image_mobile: illustrations.first('presse').src640,
    },
    breadcrumb_offres_entreprise: 'Offres entreprises',
    meta_title_home: 'FFR Presse – La salle de presse de la Fédération française de rugby',
    meta_description_home: 'Communiqués, compositions, résultats, accréditations et contacts presse des équipes de France de rugby.',
    placeholder: brand.placeholder,
    structure: 'federation',
    stories,
    stories_top: stories
      .slice(0, 5)
      .map((s) => s.id)
      .join(','),
  };
}
