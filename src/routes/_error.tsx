import type { ErrorHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { ConfigError } from '../config/env.server';
import { log } from '../observability/log.server';
import { serverErrorResponse } from '../render/server-error';

/** What no route caught: logged with its stack, answered without one. */
export const onError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof ConfigError) log.error('config.invalid', { problems: error.problems });
  else log.error('worker.unhandled', { error: log.describe(error), stack: error instanceof Error ? error.stack : undefined });
  return serverErrorResponse(c, error);
};
