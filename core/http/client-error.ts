/**
 * Answers to requests Node's HTTP parser refuses before any app sees them: headers over
 * `maxHeaderSize` (431), a request not received within the server's timeout (408), a malformed
 * request (400). Node's own answers to these carry no body; each plane answers them in its own
 * error format instead, then closes the connection (the parser cannot go on after a refusal).
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { GatewayError } from '../errors/gateway-error.js';

/** A plane's answer to a refused request: its error body, and headers every answer of the plane carries. */
export interface ClientErrorFormat {
  body(error: GatewayError): Record<string, unknown>;
  headers?: Readonly<Record<string, string>>;
}

/** The admin plane's `{error, message}`. */
export const planeErrorFormat: ClientErrorFormat = { body: (error) => ({ error: error.code, message: error.publicMessage }) };

/** The guardrail plane's `{error, message, request_id}`: every answer of that plane carries a request id. */
export const guardrailErrorFormat: ClientErrorFormat = { body: (error) => ({ ...planeErrorFormat.body(error), request_id: randomUUID() }) };

/** The refusal a parser error stands for, as Node itself would choose its status. */
function refusalOf(code: string | undefined): GatewayError {
  if (code === 'HPE_HEADER_OVERFLOW') return new GatewayError('headers_too_large', { message: 'request headers exceed the server\'s limit' });
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return new GatewayError('request_timeout');
  return new GatewayError('invalid_request', { message: 'malformed HTTP request' });
}

/** Installs the `clientError` answer on `server`, in the plane's `format`. */
export function answerClientErrors(server: Server, format: ClientErrorFormat): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A connection that failed (reset, closed) has nobody to answer; one whose answer has begun
    // must not get a second (Node's own handler checks the same in-flight response).
    const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const refusal = refusalOf(err.code);
    const text = JSON.stringify(format.body(refusal));
    const extra = Object.entries(format.headers ?? {}).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.end(
      `HTTP/1.1 ${refusal.status} ${STATUS_TEXT[refusal.status] ?? 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n${extra}Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  });
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };
