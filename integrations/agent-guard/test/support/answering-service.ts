/**
 * A real HTTP server on 127.0.0.1 standing in for the guardrail service, whose answer to each
 * `POST /v1/evaluate` is computed from the body it received, so a test can answer a
 * `transformed_payload` that differs from what was sent in exactly one way.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An answer: status, headers and a JSON body (or raw text); `hang` never answers. */
export type Answer = { status: number; body?: unknown; text?: string; headers?: Record<string, string> } | { hang: true };

export interface AnsweringService {
  url: string;
  /** The evaluate bodies received, parsed. */
  received: Record<string, any>[];
  answer(fn: (body: Record<string, any>) => Answer): void;
  close(): Promise<void>;
}

/** An evaluate answer with this verdict. */
export const verdictAnswer = (status: string, extra: Record<string, unknown> = {}): Answer => ({
  status: 200,
  body: { status, findings: [], trace_id: 'trace-1', request_id: 'req-1', ...extra },
});

export async function startAnsweringService(): Promise<AnsweringService> {
  let answerOf: (body: Record<string, any>) => Answer = () => verdictAnswer('allow');
  const received: Record<string, any>[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, any>;
      received.push(body);
      const reply = answerOf(body);
      if ('hang' in reply) return;
      res.writeHead(reply.status, { 'content-type': reply.text === undefined ? 'application/json' : 'text/plain', ...reply.headers });
      res.end(reply.text ?? JSON.stringify(reply.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer(fn) {
      answerOf = fn;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
