import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { homePage } from '../features/reading/home/home.page';

/** / */
export const homeRoute = (c: Context<AppEnv>) => homePage(c);
