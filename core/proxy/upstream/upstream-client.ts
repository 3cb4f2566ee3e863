import type { Agent, Dispatcher } from 'undici';
import { egressAgent } from '../../http/egress-dispatcher.js';
import { EgressPolicy } from '../../http/egress-policy.js';
import type { ProviderRequest } from '../../pipeline/hooks.js';
import type { ClientSignal } from '../../pipeline/client-signal.js';
import { MAX_UPSTREAM_ANSWER_BYTES } from './answer-limit.js';
import { DEFAULT_UPSTREAM_TIMEOUTS, type UpstreamTimeouts } from './upstream-timeouts.js';

/**
 * Origin and path of an absolute http(s) URL by string search: the dispatcher takes them apart,
 * and parsing a URL object per request is measurable at gateway rates.
 */
export function splitUrl(url: string): { origin: string; path: string } {
  const hostStart = url.indexOf('//') + 2;
  let end = hostStart;
  while (end < url.length && url[end] !== '/' && url[end] !== '?' && url[end] !== '#') end++;
  const rest = url.slice(end);
  return { origin: url.slice(0, end), path: rest.startsWith('/') ? rest : `/${rest}` };
}

/**
 * One keep-alive connection pool per registry (undici Agent), reused across requests and
 * snapshots; a registry whose base URL changes gets a fresh pool. Every pool obeys the egress
 * policy on each connection it opens (the default policy when none is given: nothing internal).
 */
export class UpstreamClient {
  private readonly agents = new Map<string, { baseUrl: string; agent: Agent }>();

  /** The most bytes of one answer read whole or relayed as a stream (see answer-limit.ts). */
  readonly answerLimitBytes: number;

  /** The operator's default waits (upstream-timeouts.ts); a consumer's `timeouts` override the last two per attempt. */
  readonly timeouts: Readonly<UpstreamTimeouts>;

  private readonly egress: EgressPolicy;

  constructor(private readonly options: { timeouts?: Partial<UpstreamTimeouts>; connections?: number; answerLimitBytes?: number; egress?: EgressPolicy } = {}) {
    this.answerLimitBytes = options.answerLimitBytes ?? MAX_UPSTREAM_ANSWER_BYTES;
    this.timeouts = Object.freeze({ ...DEFAULT_UPSTREAM_TIMEOUTS, ...options.timeouts });
    this.egress = options.egress ?? new EgressPolicy();
  }

  private agentFor(registryId: string, baseUrl: string): Agent {
    const existing = this.agents.get(registryId);
    if (existing && existing.baseUrl === baseUrl) return existing.agent;
    if (existing) void existing.agent.close();
    const agent = egressAgent(this.egress, {
      keepAliveTimeout: 30_000,
      connections: this.options.connections ?? 256,
      connect: { timeout: this.timeouts.connectMs },
      pipelining: 1,
    });
    this.agents.set(registryId, { baseUrl, agent });
    return agent;
  }

  /**
   * Sends the request; the body is streamed back untouched. `timeoutMs` bounds the wait for
   * headers, `bodyTimeoutMs` each wait between body chunks (the first one included); left out,
   * they are the operator's first-byte and idle defaults. undici's own (300 s each) never apply.
   */
  send(registryId: string, baseUrl: string, request: ProviderRequest, signal: ClientSignal, timeoutMs?: number, bodyTimeoutMs?: number): Promise<Dispatcher.ResponseData> {
    return this.sendRaw(registryId, baseUrl, { ...request, body: JSON.stringify(request.body) }, signal, timeoutMs, bodyTimeoutMs);
  }

  /**
   * Sends `body` as it is (multipart bytes, JSON text) or no body at all (GET, DELETE): the
   * non-chat routes forward uploads byte for byte. Timeouts as in `send`.
   */
  sendRaw(
    registryId: string,
    baseUrl: string,
    request: { url: string; method: string; headers: Record<string, string>; body?: Buffer | string },
    signal: ClientSignal,
    timeoutMs = this.timeouts.firstByteMs,
    bodyTimeoutMs = this.timeouts.idleMs,
  ): Promise<Dispatcher.ResponseData> {
    const { origin, path } = splitUrl(request.url);
    return this.agentFor(registryId, baseUrl).request({
      origin,
      path,
      method: request.method as Dispatcher.HttpMethod,
      headers: request.headers,
      body: request.body,
      // undici takes any object with abort listeners (an EventTarget's or an EventEmitter's).
      signal: signal as AbortSignal,
      headersTimeout: timeoutMs,
      bodyTimeout: bodyTimeoutMs,
    });
  }

  async close(): Promise<void> {
    await Promise.all([...this.agents.values()].map((a) => a.agent.close()));
    this.agents.clear();
  }
}
