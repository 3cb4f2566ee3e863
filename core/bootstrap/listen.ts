import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { answerClientErrors, planeErrorFormat, type ClientErrorFormat } from '../http/client-error.js';

/**
 * Starts a Koa app's HTTP server; port 0 picks a free one. Resolves with the bound port.
 * Requests Node refuses before the app (headers too large, ...) are answered in `errorFormat`.
 */
export function listen(app: Koa, host: string, port: number, errorFormat: ClientErrorFormat = planeErrorFormat): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer(app.callback());
    answerClientErrors(server, errorFormat);
    server.keepAliveTimeout = 65_000;
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({ server, port: (server.address() as AddressInfo).port });
    });
  });
}

/** Closes a server, ending idle keep-alive connections so shutdown is prompt. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 2_000).unref();
  });
}
