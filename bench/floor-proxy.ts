/**
 * The floor of the peer comparison: the least an HTTP proxy on this stack can do. A bare Koa app
 * reads the whole request body, forwards it with an undici Pool to the upstream, and pipes the
 * answer back as it arrives (status, content type and bytes unchanged). No parsing, no policy,
 * no logging: what any gateway on Koa and undici pays at the least.
 *
 * Run as its own process: `node --import tsx bench/floor-proxy.ts` with `BENCH_FLOOR_UPSTREAM`
 * (the upstream's origin) and `BENCH_PORT` (default 0); it prints `listening <port>`.
 */
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';

export interface FloorProxy {
  url: string;
  close(): Promise<void>;
}

async function readBody(req: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the floor proxy on 127.0.0.1 in front of `upstream` (an origin). */
export async function startFloorProxy(options: { upstream: string; port?: number }): Promise<FloorProxy> {
  // As many connections as the load drivers open, so the pool never queues a request.
  const pool = new Pool(options.upstream, { connections: 128, keepAliveTimeout: 60_000 });
  const app = new Koa();
  // Hung-up clients are expected under load; their errors are not news.
  app.silent = true;
  app.use(async (ctx) => {
    const body = await readBody(ctx.req);
    const type = ctx.get('content-type');
    const answer = await pool.request({ method: ctx.method as 'POST', path: ctx.url, headers: type ? { 'content-type': type } : {}, body });
    // A client that hangs up (a load run ending) makes Koa destroy the answer, which then emits
    // an abort error; there is no one left to tell.
    answer.body.on('error', () => {});
    ctx.status = answer.statusCode;
    const answerType = answer.headers['content-type'];
    if (answerType) ctx.set('content-type', String(answerType));
    ctx.body = answer.body;
  });
  const server = app.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  server.keepAliveTimeout = 60_000;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.close();
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const upstream = process.env.BENCH_FLOOR_UPSTREAM;
  if (!upstream) throw new Error('BENCH_FLOOR_UPSTREAM must name the upstream origin');
  const floor = await startFloorProxy({ upstream, port: Number(process.env.BENCH_PORT ?? 0) });
  console.log(`listening ${new URL(floor.url).port}`);
}
