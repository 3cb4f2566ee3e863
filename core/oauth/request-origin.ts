import type Koa from 'koa';

/** The origin a client reached (scheme and Host header): issuer, resource and metadata URLs start with it. */
export function requestOrigin(koa: Koa.Context): string {
  return `${koa.protocol}://${koa.host}`;
}
