/** `GET /v1/openapi.json`: the admin API description, built once. Served without an admin token. */
import type Router from '@koa/router';
import type { AdminDeps } from '../app.js';
import { buildOpenApiDocument } from '../openapi/build-document.js';

/** Registers `GET /v1/openapi.json`. */
export function openApiRoutes(router: Router, _deps: AdminDeps): void {
  let document: Record<string, unknown> | undefined;
  router.get('/v1/openapi.json', (koa) => {
    document ??= buildOpenApiDocument();
    koa.body = document;
  });
}
