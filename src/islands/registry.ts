import type { ComponentType } from 'react';
import AccreditationBanner from '../features/shell/AccreditationBanner.island';
import CategoriesNav from '../features/shell/CategoriesNav.island';
import Cf7Form from '../features/forms/Cf7Form.island';
import ConsentLink from '../features/tracking/ConsentLink.island';
import ContactButton from '../features/forms/ContactButton.island';
import FavoriteButton from '../features/accounts/FavoriteButton.island';
import HeaderScroll from '../features/shell/HeaderScroll.island';
import JournalistAccess from '../features/accounts/JournalistAccess.island';
import LoadMore from '../features/reading/category/LoadMore.island';
import MobileMenu from '../features/shell/MobileMenu.island';
import NewPosts from '../features/reading/home/NewPosts.island';
import ModalRoot from './ModalRoot.island';
import PartnersCarousel from '../features/shell/PartnersCarousel.island';
import PressOptIns from '../features/accounts/PressOptIns.island';
import SearchBox from '../features/search/SearchBox.island';
import SessionSync from '../features/accounts/SessionSync.island';
import Snackbar from '../features/shell/Snackbar.island';
import StoryPlayer from '../features/stories/StoryPlayer.island';
import TopBarNav from '../features/shell/TopBarNav.island';
import Tracking from '../features/tracking/Tracking.island';
import UserMenu from '../features/accounts/UserMenu.island';
import VisitRecorder from '../features/accounts/VisitRecorder.island';
import WhatsappBanner from '../features/shell/WhatsappBanner.island';

// Every island by name. The server renders them through <Island>, the client entry hydrates them
// from the same table, so a name can never point at two different components.
export const islands = {
  AccreditationBanner,
  CategoriesNav,
  Cf7Form,
  ConsentLink,
  ContactButton,
  FavoriteButton,
  HeaderScroll,
  JournalistAccess,
  LoadMore,
  MobileMenu,
  NewPosts,
  ModalRoot,
  PartnersCarousel,
  PressOptIns,
  SearchBox,
  SessionSync,
  Snackbar,
  StoryPlayer,
  TopBarNav,
  Tracking,
  UserMenu,
  VisitRecorder,
  WhatsappBanner,
} satisfies Record<string, ComponentType<never>>;

type Islands = typeof islands;
declare module '../ui/Island' {
  interface IslandComponents extends Islands {}
}
