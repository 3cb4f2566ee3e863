/**
 * A plane answers some requests before it reads their body (no credential, no such path). Node
 * would then read and drop the rest of the body to keep the connection alive, so a client could
 * make a plane read an endless body for nothing. Such an answer closes the connection instead.
 */
import type Koa from 'koa';

/** Koa middleware, first of a plane's: marks the answer `Connection: close` when the request body was not read to its end. */
export async function closeWhenBodyUnread(koa: Koa.Context, next: Koa.Next): Promise<void> {
  try {
    await next();
  } finally {
    if (!koa.req.complete && !koa.headerSent) koa.set('connection', 'close');
  }
}
