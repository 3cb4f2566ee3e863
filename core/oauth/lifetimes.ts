/**
 * How long the authorization server's artifacts live, in seconds. Access tokens are short: a
 * token is a self-contained JWT, so a revoked client's tokens are refused through the config
 * snapshot only for this long, after which they expire anyway.
 */
export const OAUTH_TTL = {
  AccessToken: 10 * 60,
  AuthorizationCode: 60,
  /** Refresh tokens (only with `offline_access`) rotate on every use. */
  RefreshToken: 14 * 24 * 60 * 60,
  Interaction: 10 * 60,
  Session: 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
  /** The state of one login at the identity provider (between the redirect and the callback). */
  FederatedLogin: 10 * 60,
  /** A consent form's single-use token. */
  ConsentForm: 10 * 60,
} as const;

/** Clock skew tolerated on access tokens, in seconds. */
export const ACCESS_TOKEN_CLOCK_TOLERANCE = 5;
