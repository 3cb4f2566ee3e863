/**
 * Raw HTTP clients for the six chat paths: the smallest valid body of each client format, its
 * path after the consumer slug, how to read its error body, and an SSE reader built on
 * eventsource-parser (the parser the gateway itself uses).
 */
import { createParser } from 'eventsource-parser';
import type { WireFormatId } from '../../../../core/canonical/index.js';

/** The path of a chat call after `/{slug}`. */
export function chatPath(format: WireFormatId, model: string, stream: boolean): string {
  switch (format) {
    case 'openai-chat':
      return '/v1/chat/completions';
    case 'openai-responses':
      return '/v1/responses';
    case 'anthropic-messages':
      return '/v1/messages';
    case 'cohere-v2':
      return '/v2/chat';
    case 'gemini':
      return `/v1beta/models/${model}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`;
  }
}

/** The smallest valid body of a format (one user message). */
export function chatBody(format: WireFormatId, model: string, stream: boolean, text = 'hi'): Record<string, unknown> {
  switch (format) {
    case 'openai-chat':
      return { model, messages: [{ role: 'user', content: text }], ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}) };
    case 'openai-responses':
      return { model, input: text, ...(stream ? { stream: true } : {}) };
    case 'anthropic-messages':
      return { model, max_tokens: 64, messages: [{ role: 'user', content: text }], ...(stream ? { stream: true } : {}) };
    case 'cohere-v2':
      return { model, messages: [{ role: 'user', content: text }], ...(stream ? { stream: true } : {}) };
    case 'gemini':
      return { contents: [{ role: 'user', parts: [{ text }] }] };
  }
}

/** POSTs a chat call with the consumer key in `x-api-key` (accepted on every path). */
export function postChat(
  base: string,
  key: string | undefined,
  format: WireFormatId,
  model: string,
  stream: boolean,
  init: { headers?: Record<string, string>; body?: unknown; signal?: AbortSignal } = {},
): Promise<Response> {
  return fetch(`${base}${chatPath(format, model, stream)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}), ...init.headers },
    body: JSON.stringify(init.body ?? chatBody(format, model, stream)),
    signal: init.signal,
  });
}

/** The message of an error body in `format`'s own shape; throws when the body is not that shape. */
export function errorMessageOf(format: WireFormatId, body: unknown): string {
  const b = body as Record<string, any>;
  switch (format) {
    case 'openai-chat':
    case 'openai-responses':
      if (typeof b?.error?.message !== 'string' || typeof b.error.type !== 'string' || !('code' in b.error)) throw new Error(`not an OpenAI error: ${JSON.stringify(body)}`);
      return b.error.message;
    case 'anthropic-messages':
      if (b?.type !== 'error' || typeof b.error?.type !== 'string' || typeof b.error?.message !== 'string') throw new Error(`not an Anthropic error: ${JSON.stringify(body)}`);
      return b.error.message;
    case 'gemini':
      if (typeof b?.error?.code !== 'number' || typeof b.error.status !== 'string' || typeof b.error.message !== 'string') throw new Error(`not a Google error: ${JSON.stringify(body)}`);
      return b.error.message;
    case 'cohere-v2':
      if (typeof b?.message !== 'string' || Object.keys(b).length !== 1) throw new Error(`not a Cohere error: ${JSON.stringify(body)}`);
      return b.message;
  }
}

/** One parsed server-sent event. */
export interface ParsedEvent {
  event?: string;
  data: string;
}

/** Reads a whole SSE body into events. */
export async function readEvents(response: Response): Promise<{ events: ParsedEvent[]; raw: string }> {
  const raw = await response.text();
  const events: ParsedEvent[] = [];
  const parser = createParser({ onEvent: (e) => events.push({ event: e.event, data: e.data }) });
  parser.feed(raw);
  return { events, raw };
}

/** Parses an event's data as JSON, or undefined (`[DONE]`). */
export function jsonOf(event: ParsedEvent): Record<string, any> | undefined {
  try {
    return JSON.parse(event.data) as Record<string, any>;
  } catch {
    return undefined;
  }
}
