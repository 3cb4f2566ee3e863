/**
 * Where the connect page lives on the proxy port, beside the gateway's authorization server:
 * `/{gateway_slug}/oauth/connect/{registry_slug}` starts the flow (with `?link=`), and
 * `.../callback` is the redirect URI to register at the MCP server's authorization server.
 */

/** The connect page of a registry. */
export const connectPath = (gatewaySlug: string, registrySlug: string): string =>
  `/${encodeURIComponent(gatewaySlug)}/oauth/connect/${encodeURIComponent(registrySlug)}`;

/** Its callback: the exact redirect URI the gateway uses at the upstream authorization server. */
export const connectCallbackPath = (gatewaySlug: string, registrySlug: string): string => `${connectPath(gatewaySlug, registrySlug)}/callback`;

/** Matches a connect path: gateway slug, registry slug, and `/callback` for the callback. */
export const CONNECT_PATH = /^\/([^/]+)\/oauth\/connect\/([^/]+)(\/callback)?$/;
