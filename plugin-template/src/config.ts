/* Generated from schema.json by `npm run gen:types`; do not edit by hand. */

/**
 * Settings of the request_tagger policy: headers it adds, and a client header it can require.
 */
export interface RequestTaggerSettings {
  /**
   * Headers added to every upstream request (for example a team tag the provider bills by).
   */
  upstream_headers?: {
    [k: string]: string;
  };
  /**
   * Headers added to the response the client receives.
   */
  response_headers?: {
    [k: string]: string;
  };
  /**
   * A header every client request must carry; requests without it are refused with 400 before any upstream call.
   */
  require_client_header?: string;
}
