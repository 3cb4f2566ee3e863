/**
 * How a user's install `config` reaches the server: each top-level property of the server's
 * `config_schema` marked `"x-header": "<Header-Name>"` is sent as that HTTP header on that user's
 * calls to the server (a string as is, any other value as JSON). Properties without it are kept
 * (sealed) but never sent. Names and values are checked when they are written (the server's save,
 * the install request), so the request path only copies them.
 */
import { GatewayError } from '../errors/gateway-error.js';

/** The schema keyword that maps a config property to a header. */
export const CONFIG_HEADER_KEYWORD = 'x-header';

/** A header name (an HTTP token, as registry header names are written). */
const HEADER_NAME = /^[A-Za-z0-9-]{1,100}$/;

/** Headers the gateway or the transport sets itself: a user's config must not replace them. */
const RESERVED = new Set([
  'host', 'content-length', 'content-type', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade',
  'te', 'trailer', 'accept', 'accept-encoding', 'expect', 'proxy-authorization', 'cookie', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id',
]);

/** A header value may hold visible characters, spaces and tabs: no line breaks or other controls. */
const UNSENDABLE = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** The (property, lowercase header name) pairs `schema` maps, in the schema's order. */
export function configHeaderNames(schema: Record<string, unknown> | undefined): Array<[string, string]> {
  const properties = schema?.properties;
  if (!properties || typeof properties !== 'object') return [];
  const pairs: Array<[string, string]> = [];
  for (const [property, definition] of Object.entries(properties as Record<string, unknown>)) {
    const header = (definition as Record<string, unknown> | null)?.[CONFIG_HEADER_KEYWORD];
    if (typeof header === 'string') pairs.push([property, header.toLowerCase()]);
  }
  return pairs;
}

/** 422 naming `/config_schema` when a mapped header name is not a token, is reserved, or is used twice. */
export function checkConfigHeaderNames(schema: Record<string, unknown>): void {
  const seen = new Set<string>();
  for (const [property, header] of configHeaderNames(schema)) {
    const where = `/config_schema/properties/${property}/${CONFIG_HEADER_KEYWORD}`;
    if (!HEADER_NAME.test(header)) throw refuse(`${where} "${header}" is not a header name (letters, digits and "-")`);
    if (RESERVED.has(header)) throw refuse(`${where} "${header}" is set by the gateway itself`);
    if (seen.has(header)) throw refuse(`${where} "${header}" is mapped twice`);
    seen.add(header);
  }
}

/** 422 naming `/config/{property}` when a mapped value cannot be sent as a header (a line break, a control character). */
export function checkConfigHeaderValues(schema: Record<string, unknown> | undefined, config: Record<string, unknown>): void {
  for (const [property] of configHeaderNames(schema)) {
    const value = config[property];
    if (value !== undefined && UNSENDABLE.test(headerValue(value))) throw refuse(`/config/${property} cannot be sent as a header: it holds a line break or a control character`);
  }
}

/** The headers `config` maps to under `schema` (lowercase names); empty when it maps none. */
export function configHeaders(schema: Record<string, unknown> | undefined, config: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [property, header] of configHeaderNames(schema)) {
    const value = config[property];
    if (value !== undefined && value !== null) headers[header] = headerValue(value);
  }
  return headers;
}

const headerValue = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

const refuse = (message: string) => new GatewayError('validation_failed', { message });
