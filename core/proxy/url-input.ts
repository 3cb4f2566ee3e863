/**
 * The proxy plane's one reader of what a client puts in the URL: path segments and the query
 * string. Both are percent-decoded here and nowhere else, with malformed escapes caught: a path
 * segment that does not decode names nothing (a 404), a query string that does not decode is a
 * bad request (a 400). Every proxy query parameter is single-valued: a repeated one is a 400
 * rather than an array that a reader of `?key=` or `?alt=` would half-read.
 */
import { GatewayError } from '../errors/gateway-error.js';

/** A path segment decoded, or undefined when its percent-escapes are malformed. */
export function decodePathSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Parameter names are echoed in errors this far at most. */
const NAME_ECHO_CHARS = 64;

/** One `application/x-www-form-urlencoded` component (`+` is a space), or undefined when malformed. */
function decodeQueryComponent(text: string): string | undefined {
  return decodePathSegment(text.includes('+') ? text.replaceAll('+', ' ') : text);
}

/**
 * The query string (without `?`) as single-valued parameters, on an object without a prototype
 * so that a parameter named `__proto__` is only a parameter. A malformed escape or a repeated
 * parameter is a 400 `invalid_request`; values are never echoed (`?key=` is a credential).
 */
export function parseProxyQuery(querystring: string): Record<string, string> {
  const query = Object.create(null) as Record<string, string>;
  if (!querystring) return query;
  for (const pair of querystring.split('&')) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const name = decodeQueryComponent(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decodeQueryComponent(pair.slice(equals + 1));
    if (name === undefined || value === undefined) {
      throw new GatewayError('invalid_request', { message: 'the query string has a malformed percent-escape' });
    }
    if (name in query) {
      throw new GatewayError('invalid_request', { message: `query parameter "${name.slice(0, NAME_ECHO_CHARS)}" is repeated; it takes one value`, param: name.slice(0, NAME_ECHO_CHARS) });
    }
    query[name] = value;
  }
  return query;
}
