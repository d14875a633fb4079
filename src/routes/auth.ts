import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { authJsAnswer } from '../auth/auth-js.server';

/** /api/auth/*: Auth.js (sign-in, callback, session, sign-out), never cached. */
export const authRoute = (c: Context<AppEnv>) => authJsAnswer(c);
