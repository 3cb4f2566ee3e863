/**
 * One fuzzed HTTP exchange with a bounded client timeout: the whole answer is read, so a
 * gateway that hangs, resets the connection or breaks a body mid-way fails the property with
 * the request that did it instead of stalling the suite.
 */
import { FUZZ } from './fuzz-settings.js';

/** What came back. */
export interface FuzzAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON when its content type says JSON and it parses; undefined otherwise. */
  json: unknown;
  /** `METHOD url` and the body's label, for failure messages. */
  what: string;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Names the body in failure messages. */
  label?: string;
}

const statuses = new Map<number, number>();

/**
 * With `FUZZ_STATS` set, prints how many answers of each status this file's cases got, to see
 * whether generated cases reach past validation; resets the count.
 */
export function reportStatuses(target: string): void {
  if (process.env.FUZZ_STATS) {
    const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    console.log(`      ${target} answers by status: ${counts.join(', ')}`);
  }
  statuses.clear();
}

/** Sends `request` and reads the whole answer within `FUZZ_TIMEOUT_MS`. */
export async function send(request: FuzzRequest): Promise<FuzzAnswer> {
  const url = request.url.length > 300 ? `${request.url.slice(0, 300)}… (${request.url.length} characters)` : request.url;
  const what = `${request.method} ${url}${request.label ? ` (${request.label})` : ''}`;
  const signal = AbortSignal.timeout(FUZZ.timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal });
    text = await response.text();
  } catch (error) {
    const reason = signal.aborted ? `no complete answer within ${FUZZ.timeoutMs} ms` : `the connection failed: ${(error as Error).cause ?? (error as Error).message}`;
    throw new Error(`${what}: ${reason}`);
  }
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  let json: unknown;
  if (/json/.test(response.headers.get('content-type') ?? '')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: response.status, headers: response.headers, text, json, what };
}
