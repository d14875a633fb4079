import type { ComponentProps, ComponentType } from 'react';
import CategoriesNav from './CategoriesNav';
import Cf7Form from './Cf7Form';
import ConsentLink from './ConsentLink';
import ContactButton from './ContactButton';
import FavoriteButton from './FavoriteButton';
import HeaderScroll from './HeaderScroll';
import JournalistAccess from './JournalistAccess';
import LoadMore from './LoadMore';
import MobileMenu from './MobileMenu';
import ModalRoot from './ModalRoot';
import PartnersCarousel from './PartnersCarousel';
import PressOptIns from './PressOptIns';
import SearchBox from './SearchBox';
import SessionSync from './SessionSync';
import Snackbar from './Snackbar';
import TopBarNav from './TopBarNav';
import Tracking from './Tracking';
import UserMenu from './UserMenu';
import VisitRecorder from './VisitRecorder';
import WhatsappBanner from './WhatsappBanner';

// Every island by name. The server renders them through <Island>, the client entry hydrates them
// from the same table, so a name can never point at two different components.
export const islands = {
  CategoriesNav,
  Cf7Form,
  ConsentLink,
  ContactButton,
  FavoriteButton,
  HeaderScroll,
  JournalistAccess,
  LoadMore,
  MobileMenu,
  ModalRoot,
  PartnersCarousel,
  PressOptIns,
  SearchBox,
  SessionSync,
  Snackbar,
  TopBarNav,
  Tracking,
  UserMenu,
  VisitRecorder,
  WhatsappBanner,
} satisfies Record<string, ComponentType<never>>;

export type IslandName = keyof typeof islands;
export type IslandProps<N extends IslandName> = ComponentProps<(typeof islands)[N]>;
