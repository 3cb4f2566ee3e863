/**
 * A real HTTP server on 127.0.0.1 standing in for the guardrail service: it answers each
 * `POST /v1/evaluate` with the next scripted reply (the last one repeats) and records what it
 * received and when.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One scripted answer: a status, headers and a body text; `hang` never answers; `cut` sends the
 * headers and part of the body, then destroys the connection.
 */
export type ScriptedReply = { status: number; body?: unknown; text?: string; headers?: Record<string, string>; cut?: boolean } | { hang: true };

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface ScriptedService {
  /** The base URL (`http://127.0.0.1:PORT`), what `apiBase` holds. */
  url: string;
  received: ReceivedRequest[];
  /** Replaces the script. */
  script(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

/** An evaluate answer with this verdict. */
export const verdict = (status: string, extra: Record<string, unknown> = {}) => ({
  status: 200,
  body: { status, findings: [], trace_id: 'trace-1', request_id: 'req-1', ...extra },
});

export async function startScriptedService(): Promise<ScriptedService> {
  let replies: ScriptedReply[] = [verdict('allow')];
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const reply = replies.length > 1 ? replies.shift()! : replies[0];
      if ('hang' in reply) return;
      const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
      if (reply.cut) {
        res.writeHead(reply.status, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"status": "al', () => res.destroy());
        return;
      }
      res.writeHead(reply.status, { 'content-type': reply.text === undefined ? 'application/json' : 'text/plain', ...reply.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    script(...next) {
      replies = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
