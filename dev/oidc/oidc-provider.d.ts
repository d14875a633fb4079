// Minimal typings for the parts of oidc-provider 9 this emulator uses. The package ships no types
// and @types/oidc-provider is not a dependency; widen these when provider.ts needs more.

declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AnyObject = Record<string, unknown>;

  export interface Account {
    accountId: string;
    claims(use: 'id_token' | 'userinfo', scope: string, claims: AnyObject, rejected: string[]): Promise<AnyObject> | AnyObject;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris?: string[];
    post_logout_redirect_uris?: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    client_name?: string;
    [key: string]: unknown;
  }

  export interface Client {
    clientId: string;
    clientName?: string;
    redirectUris: string[];
    grantTypeAllowed(type: string): boolean;
  }

  export interface Session {
    uid: string;
    accountId?: string;
  }

  export interface PromptDetail {
    name: string;
    reasons: string[];
    details: {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
      [key: string]: unknown;
    };
  }

  export interface Interaction {
    uid: string;
    returnTo: string;
    prompt: PromptDetail;
    params: AnyObject & { client_id: string; scope?: string; login_hint?: string };
    session?: { accountId: string; uid: string; cookie: string };
    grantId?: string;
    lastSubmission?: InteractionResults;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; ts?: number; amr?: string[]; acr?: string };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  }

  export interface AccessToken {
    jti: string;
    accountId: string;
    clientId: string;
    grantId: string;
    sessionUid?: string;
    expiresWithSession?: boolean;
    scope?: string;
    exp: number;
    readonly isExpired: boolean;
  }

  export interface Grant {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(indicator: string, scope: string): void;
    save(ttl?: number): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface OIDCContext {
    readonly issuer: string;
    readonly client?: Client;
    readonly session?: Session;
    readonly params?: AnyObject;
    readonly route: string;
    readonly entities: AnyObject;
  }

  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    body: unknown;
    type: string;
    status: number;
    readonly host: string;
    set(field: string, value: string): void;
  }

  export type FindAccount = (ctx: KoaContextWithOIDC, sub: string, token?: unknown) => Promise<Account | undefined> | Account | undefined;

  export type TtlFunction = (ctx: KoaContextWithOIDC, token: unknown, client: Client) => number;

  export interface ErrorOut {
    error: string;
    error_description?: string;
    state?: string;
    iss?: string;
    [key: string]: unknown;
  }

  export interface Configuration {
    clients?: ClientMetadata[];
    findAccount?: FindAccount;
    claims?: Record<string, null | string[] | Record<string, null>>;
    scopes?: string[];
    responseTypes?: string[];
    clientAuthMethods?: string[];
    conformIdTokenClaims?: boolean;
    clockTolerance?: number;
    cookies?: { keys?: string[]; long?: AnyObject; short?: AnyObject; names?: Record<string, string> };
    jwks?: { keys: AnyObject[] };
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: Client) => boolean };
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => string | Promise<string>; policy?: unknown };
    issueRefreshToken?: (ctx: KoaContextWithOIDC, client: Client, code: unknown) => boolean | Promise<boolean>;
    rotateRefreshToken?: boolean | ((ctx: KoaContextWithOIDC) => boolean | Promise<boolean>);
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => void | Promise<void>;
    ttl?: Record<string, number | TtlFunction>;
    formats?: { bitsOfOpaqueRandomness?: number | ((ctx: KoaContextWithOIDC, token: { kind: string }) => number) };
    features?: {
      devInteractions?: { enabled: boolean };
      rpInitiatedLogout?: {
        enabled: boolean;
        logoutSource?: (ctx: KoaContextWithOIDC, form: string) => void | Promise<void>;
        postLogoutSuccessSource?: (ctx: KoaContextWithOIDC) => void | Promise<void>;
      };
      userinfo?: { enabled: boolean };
      revocation?: { enabled: boolean };
      introspection?: { enabled: boolean };
      [feature: string]: AnyObject | undefined;
    };
    [key: string]: unknown;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: any[]) => void): this;
    readonly AccessToken: { find(token: string, options?: { ignoreExpiration?: boolean }): Promise<AccessToken | undefined> };
    readonly Client: { find(id: string): Promise<Client | undefined> };
    readonly Session: { findByUid(uid: string): Promise<Session | undefined> };
    readonly Grant: GrantConstructor;
  }

  export const errors: {
    SessionNotFound: new (...args: any[]) => Error;
    OIDCProviderError: new (...args: any[]) => Error & { error: string; error_description?: string; status: number };
  };

  export default Provider;
}

// The library's own development signing keys (RSA, EC, OKP): fixed, so ID tokens stay verifiable
// across emulator restarts. Deep import; the package has no "exports" map, the version is pinned.
declare module 'oidc-provider/lib/consts/dev_keystore.js' {
  const keystore: { keys: Array<Record<string, unknown>> };
  export default keystore;
}
