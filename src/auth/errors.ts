// SPEC §8's auth error catalogue (next-auth names and codes) and Auth.js's own error types, in French.

const MESSAGES: Record<string, string> = {
  SessionRequired: 'Cette page est réservée aux personnes connectées. Connectez-vous pour continuer.',
  OAuthCallbackError: 'La connexion avec le compte FFR n’a pas abouti. Merci de réessayer.',
  OAuthCallback: 'La connexion avec le compte FFR n’a pas abouti. Merci de réessayer.',
  OAuthSignin: 'La connexion avec le compte FFR n’a pas pu démarrer. Merci de réessayer.',
  AccountNotLinkedError: 'Ce compte est déjà associé à une autre méthode de connexion.',
  OAuthAccountNotLinked: 'Ce compte est déjà associé à une autre méthode de connexion.',
  AccessDenied: 'L’accès a été refusé. Vous avez peut-être annulé la connexion.',
  Verification: 'Le lien de connexion n’est plus valable. Demandez-en un nouveau.',
  MissingAPIRouteError: 'Le service de connexion est mal configuré (MISSING_NEXTAUTH_API_ROUTE_ERROR).',
  MissingSecretError: 'Le service de connexion est mal configuré (NO_SECRET).',
  MissingAuthorizeError: 'Le service de connexion est mal configuré (CALLBACK_CREDENTIALS_HANDLER_ERROR).',
  MissingAdapterError: 'Le service de connexion est mal configuré (EMAIL_REQUIRES_ADAPTER_ERROR).',
  MissingAdapterMethodsError: 'Le service de connexion est mal configuré (MISSING_ADAPTER_METHODS_ERROR).',
  UnsupportedStrategyError: 'Le service de connexion est mal configuré (CALLBACK_CREDENTIALS_JWT_ERROR).',
  InvalidCallbackUrl: 'L’adresse de retour demandée n’est pas autorisée (INVALID_CALLBACK_URL_ERROR).',
  Configuration: 'Le service de connexion est momentanément indisponible. Merci de réessayer plus tard.',
  RefreshAccessTokenError: 'Votre session a expiré. Merci de vous reconnecter.',
  RateLimited: 'Trop de tentatives de connexion en peu de temps. Merci de réessayer dans une minute.',
  UnknownError: 'Une erreur inconnue est survenue pendant la connexion. Merci de réessayer.',
};

export function authErrorMessage(code: string | undefined | null): string | null {
  if (!code) return null;
  return MESSAGES[code] ?? MESSAGES.UnknownError!;
}
