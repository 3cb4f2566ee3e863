/**
 * CORS for the console on the guardrail and proxy planes: the console (served by the admin plane
 * on another port, so another origin) calls them with a bearer token. Only the console's origin
 * is answered; no credentials mode (there are no cookies to send), and the headers the console
 * reads are exposed.
 */
import type Koa from 'koa';
import { isConsoleOrigin, type ConsolePlanes } from './console-planes.js';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type';
/** Response headers the console reads: trace and request ids, routing choices, limits. */
const EXPOSED_HEADERS = 'X-AG-Trace-Id, X-Request-Id, X-Selected-Provider, X-Selected-Model, X-AG-Cache, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After';
/** How long a browser may reuse a preflight answer (seconds). */
const PREFLIGHT_MAX_AGE_S = '600';

/** The CORS middleware; requests from any other origin (or none) pass through untouched. */
export function consoleCors(planes: ConsolePlanes): Koa.Middleware {
  return async (koa, next) => {
    const origin = koa.get('origin');
    if (!origin) return next();
    // The answer depends on Origin: caches must keep one per origin.
    koa.vary('Origin');
    if (!isConsoleOrigin(planes, origin, { protocol: koa.protocol, hostname: koa.hostname })) return next();
    koa.set('Access-Control-Allow-Origin', origin);
    if (koa.method === 'OPTIONS' && koa.get('access-control-request-method')) {
      koa.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
      koa.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      koa.set('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_S);
      koa.status = 204;
      return;
    }
    koa.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    await next();
  };
}

/**
 * Puts the console's CORS in front of a plane's app, before its health, auth and error
 * mappers, so errors carry it too. Call before the app is listening.
 */
export function mountConsoleCors(app: Koa, planes: ConsolePlanes): void {
  app.middleware.unshift(consoleCors(planes) as Koa.Middleware);
}
