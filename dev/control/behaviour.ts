import * as z from 'zod';

// Switches for the ways real upstreams differ from what a client may assume. The defaults are what
// the real services do out of the box; tests turn the others on through /__control/behaviour.

export const BehaviourSchema = z.object({
  /**
   * The largest per_page the federation's events route accepts. WordPress core caps collections at
   * 100 (class-wp-rest-controller.php, get_collection_params) and a route registered with the same
   * args refuses more with 400 rest_invalid_param; 300 is what SPEC §7 asks for.
   */
  eventsPerPageMax: z.number().int().min(1).max(1000),
  /** X-WP-Total / X-WP-TotalPages on collections (a proxy or plugin may strip them). */
  wpPagingHeaders: z.boolean(),
  /** The middleware's QUERY_LIMIT_MAX (Directus: unset, i.e. -1, no maximum). */
  directusLimitMax: z.number().int().min(-1),
});
export type Behaviour = z.infer<typeof BehaviourSchema>;

export function defaultBehaviour(env: Record<string, string | undefined> = process.env): Behaviour {
  return {
    eventsPerPageMax: Number(env.UPSTREAM_WP_EVENTS_PER_PAGE_MAX ?? 100),
    wpPagingHeaders: env.UPSTREAM_WP_PAGING_HEADERS !== 'off',
    directusLimitMax: Number(env.UPSTREAM_DIRECTUS_LIMIT_MAX ?? -1),
  };
}
