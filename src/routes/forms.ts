import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { formModelAnswer, formSubmitAnswer } from '../features/forms/form-api.server';

/** GET /api/forms/{slug}: the form as the site renders it. */
export const formModelRoute = (c: Context<AppEnv>) => formModelAnswer(c, c.req.param('slug') ?? '');

/** POST /api/forms/{slug}: a sending, answered in JSON. */
export const formSubmitRoute = (c: Context<AppEnv>) => formSubmitAnswer(c, c.req.param('slug') ?? '');
