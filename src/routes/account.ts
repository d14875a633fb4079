import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { pressSpaceAction } from '../features/accounts/press-space-actions.server';
import { pressSpacePage } from '../features/accounts/press-space.page';
import { signInPage, signInStart } from '../features/accounts/sign-in.page';
import { signOutPage } from '../features/accounts/sign-out.page';
import { mediasAnswer, newsroomAnswer, prefsAnswer, prefsUpdateAnswer } from '../features/accounts/user-api.server';

// The signed-in reader's addresses: never cached, never through the HTML cache's shared copies.

/** GET /espace-presse */
export const pressSpaceRoute = (c: Context<AppEnv>) => pressSpacePage(c);
/** POST /espace-presse: the press space's buttons as forms (without JavaScript). */
export const pressSpacePostRoute = (c: Context<AppEnv>) => pressSpaceAction(c);

/** /connexion and /connexion/erreur: Auth.js's pages, in French. */
export const signInRoute = (c: Context<AppEnv>) => signInPage(c);
export const signInErrorRoute = (c: Context<AppEnv>) => signInPage(c, { errorPage: true });
/** /connexion/compte-ffr?callbackUrl=…: straight to the provider. */
export const signInStartRoute = (c: Context<AppEnv>) => signInStart(c);
/** /deconnexion */
export const signOutRoute = (c: Context<AppEnv>) => signOutPage(c);

/** /api/user/*: the reader's preferences and lists, with their token added here. */
export const prefsRoute = (c: Context<AppEnv>) => prefsAnswer(c);
export const prefsUpdateRoute = (c: Context<AppEnv>) => prefsUpdateAnswer(c);
export const newsroomRoute = (c: Context<AppEnv>) => newsroomAnswer(c);
export const mediasRoute = (c: Context<AppEnv>) => mediasAnswer(c);
