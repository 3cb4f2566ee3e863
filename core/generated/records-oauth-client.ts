/* Generated from schemas/records/oauth-client.schema.json by `npm run gen:types`. Do not edit. */

/**
 * When the client registered.
 */
export type Timestamp = string;

/**
 * A client registered at a gateway's authorization server (dynamic client registration), as the admin API lists it. Registered by the clients themselves; the admin API lists and revokes them.
 */
export interface OAuthClient {
  /**
   * The client id the authorization server issued.
   */
  client_id: string;
  /**
   * The name the client registered with.
   */
  client_name?: string;
  /**
   * `web` or `native`.
   */
  application_type?: 'web' | 'native';
  /**
   * Redirect URIs, matched exactly.
   */
  redirect_uris: string[];
  /**
   * Users who consented to this client.
   */
  grants: number;
  created_at?: Timestamp;
}
