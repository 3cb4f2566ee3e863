/**
 * Raw HTTP requests for fault tests, built on node:http so a test controls what fetch would
 * not let it: a chunked body of any size written until the server answers, oversized headers,
 * and a client that leaves mid-body.
 */
import { request, type IncomingHttpHeaders } from 'node:http';

/** An answer read whole: status, headers and the body as text. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** The body as JSON, or undefined when it is none. */
export function jsonOf(answer: RawAnswer): any {
  try {
    return JSON.parse(answer.text);
  } catch {
    return undefined;
  }
}

/**
 * POSTs a chunked body (no Content-Length) of `totalBytes` bytes of `fill`, written in 256 KiB
 * chunks until the whole body is out or the server answers, whichever comes first. Rejects when
 * the connection fails before an answer (the server reset it).
 */
export function postChunked(url: string, headers: Record<string, string>, totalBytes: number, fill = 'a'): Promise<RawAnswer> {
  const chunk = Buffer.alloc(256 * 1024, fill);
  return new Promise((resolve, reject) => {
    let answered = false;
    let written = 0;
    const req = request(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(parts).toString('utf8') }));
      res.on('error', reject);
    });
    // Writing after an early answer may fail with EPIPE or a reset: only a failure before it counts.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const writeMore = () => {
      while (!answered && written < totalBytes) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', writeMore);
      }
      if (!answered) req.end();
    };
    writeMore();
  });
}

/** GETs `url` with one header of `headerBytes` bytes (Node's default header limit is 16 KiB). */
export function getWithHugeHeader(url: string, headerBytes: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers: { 'x-padding': 'p'.repeat(headerBytes) } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(parts).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * POSTs the first part of a body that promises more (chunked), then closes the connection: a
 * client that leaves while the server is still reading. Resolves once the socket is closed.
 */
export function leaveMidBody(url: string, headers: Record<string, string>, partial: string): Promise<void> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } });
    req.on('error', () => undefined);
    req.write(partial, () => {
      // Give the server a moment to start reading, then go.
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
  });
}
