import type { ComponentType } from 'react';
import type { IslandName } from '../src/islands/registry';

// Each island is its own chunk, fetched only by the pages that show it: an article page never
// downloads the forms and their validation. Typed against the registry, so none can be missing.
type Loader = () => Promise<{ default: ComponentType<never> }>;

export const islandLoaders: Record<IslandName, Loader> = {
  CategoriesNav: () => import('../src/islands/CategoriesNav'),
  Cf7Form: () => import('../src/islands/Cf7Form'),
  ConsentLink: () => import('../src/islands/ConsentLink'),
  ContactButton: () => import('../src/islands/ContactButton'),
  FavoriteButton: () => import('../src/islands/FavoriteButton'),
  HeaderScroll: () => import('../src/islands/HeaderScroll'),
  LoadMore: () => import('../src/islands/LoadMore'),
  MobileMenu: () => import('../src/islands/MobileMenu'),
  ModalRoot: () => import('../src/islands/ModalRoot'),
  PartnersCarousel: () => import('../src/islands/PartnersCarousel'),
  PressOptIns: () => import('../src/islands/PressOptIns'),
  SearchBox: () => import('../src/islands/SearchBox'),
  SessionSync: () => import('../src/islands/SessionSync'),
  Snackbar: () => import('../src/islands/Snackbar'),
  TopBarNav: () => import('../src/islands/TopBarNav'),
  Tracking: () => import('../src/islands/Tracking'),
  UserMenu: () => import('../src/islands/UserMenu'),
  VisitRecorder: () => import('../src/islands/VisitRecorder'),
  WhatsappBanner: () => import('../src/islands/WhatsappBanner'),
};
