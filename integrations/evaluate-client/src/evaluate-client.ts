/**
 * The evaluate client: one `POST /v1/evaluate` call under spec 4.5's collector-side rules.
 *
 * - One deadline (`timeoutMs`, default 5 s) covers the whole evaluation: every attempt, every
 *   wait between attempts and the reading of the answer.
 * - 429, 502, 504 and connection errors are retried (`maxRetries`, default 2), after the
 *   `Retry-After` the service sent, else an exponential backoff; a wait that would pass the
 *   deadline is not taken.
 * - Unreachable (connection error, timeout, 502/504, or 429 after the retries) follows the
 *   caller's `unreachable` setting. Everything else that is not a verdict fails closed whatever
 *   that setting says: 401, 403, 503 (entitlement or quota), any other 4xx or 5xx, a 200 that is
 *   not a JSON answer or carries an unknown verdict, a TLS failure.
 * - Redirects are not followed: the key goes to the configured service only.
 *
 * `evaluate` never throws for these: it returns the verdict, or the failure with what to do.
 */
import { EvaluateFailure } from './evaluate-failure.js';
import { retryAfterMs } from './retry-after.js';
import { resolveSettings, type ClientSettings, type EvaluateClientOptions } from './settings.js';
import { VERDICTS, type EvaluateAnswer, type EvaluateRequest } from './wire-types.js';

/** What one evaluation came to. */
export type EvaluateResult =
  /** The service answered: branch on `answer.status` (block included). */
  | { outcome: 'verdict'; answer: EvaluateAnswer }
  /** Unreachable and the caller chose fail-open: let the traffic continue uninspected. */
  | { outcome: 'fail_open'; failure: EvaluateFailure }
  /** No verdict and the rules say block: stop the traffic as a block would. */
  | { outcome: 'fail_closed'; failure: EvaluateFailure };

/** The statuses that mean "try again" (spec 8). */
const RETRIED_STATUSES = new Set([429, 502, 504]);
const KNOWN_VERDICTS = new Set<string>(VERDICTS);
/** How much of an error answer's message is kept in a failure's message. */
const MESSAGE_LIMIT = 300;

/** An attempt that is worth retrying, with the wait the service asked for. */
interface RetryableAttempt {
  failure: EvaluateFailure;
  retryAfterMs?: number;
}

/** Whether a fetch error is a failed TLS handshake (its cause chain, a few links deep). */
function isTlsError(err: unknown): boolean {
  let current = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (/CERT|SSL|TLS|EPROTO/.test(code)) return true;
    if (typeof current.message === 'string' && /certificate|ssl routines|tls/i.test(current.message)) return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** The `code` of a fetch error's cause (ECONNREFUSED, ...), for the failure message. */
function causeCode(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  return typeof cause?.message === 'string' ? cause.message : String((err as Error).message ?? err);
}

/** The `{error, message}` of an error answer, when it is one. */
function errorBodyOf(text: string): { code?: string; message?: string } {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    return {
      code: typeof body.error === 'string' ? body.error : undefined,
      message: typeof body.message === 'string' ? body.message.slice(0, MESSAGE_LIMIT) : undefined,
    };
  } catch {
    return {};
  }
}

/** The verdict of a 200 answer's text; a failure when it is not one. */
function answerOf(text: string): EvaluateAnswer {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new EvaluateFailure('invalid_answer', 'the guardrail service answered 200 with a body that is not JSON', 200);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new EvaluateFailure('invalid_answer', 'the guardrail service answered 200 with JSON that is not an object', 200);
  const status = (body as { status?: unknown }).status;
  if (typeof status !== 'string' || !KNOWN_VERDICTS.has(status)) {
    throw new EvaluateFailure('invalid_answer', `the guardrail service answered an unknown verdict: ${JSON.stringify(status)?.slice(0, 40)}`, 200);
  }
  return body as EvaluateAnswer;
}

/** The failure of a non-200 answer that is not retried. */
function refusal(status: number, text: string): EvaluateFailure {
  const { code, message } = errorBodyOf(text);
  const detail = `the guardrail service answered ${status}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`;
  if (status === 401) return new EvaluateFailure('unauthorized', detail, status, code);
  if (status === 403) return new EvaluateFailure('forbidden', detail, status, code);
  return new EvaluateFailure('refused', detail, status, code);
}

/** Waits `ms`, or rejects when `signal` aborts first. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A client of one guardrail service with one collector key. Make it once; it holds no connection state. */
export class EvaluateClient {
  /** The resolved settings (the key only inside `authorization`). */
  readonly settings: ClientSettings;

  /** Resolves the options (environment fallbacks, defaults); throws EvaluateClientConfigError when one cannot work. */
  constructor(options: EvaluateClientOptions = {}) {
    this.settings = resolveSettings(options);
  }

  /** Evaluates `request`: the verdict, or the failure and whether it fails open or closed. */
  async evaluate(request: EvaluateRequest): Promise<EvaluateResult> {
    try {
      return { outcome: 'verdict', answer: await this.call(JSON.stringify(request)) };
    } catch (err) {
      // Network failures are sorted inside `call`; anything else (a payload JSON cannot hold) is
      // no reason to let traffic through, so it fails closed.
      const failure = err instanceof EvaluateFailure ? err : new EvaluateFailure('invalid_request', `the evaluation could not be sent: ${(err as Error).message}`, undefined, undefined, { cause: err });
      return { outcome: failure.followsFallback && this.settings.unreachable === 'fail_open' ? 'fail_open' : 'fail_closed', failure };
    }
  }

  /** Attempts until an answer, a failure that is not retried, the last retry or the deadline. */
  private async call(body: string): Promise<EvaluateAnswer> {
    const { timeoutMs, maxRetries } = this.settings;
    const deadline = Date.now() + timeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      for (let attempt = 0; ; attempt++) {
        const result = await this.attempt(body, controller.signal);
        if (!('failure' in result)) return result;
        const tries = attempt + 1;
        if (attempt >= maxRetries) throw new EvaluateFailure('unreachable', `${result.failure.message} (after ${tries} attempt${tries > 1 ? 's' : ''})`, result.failure.status, result.failure.code);
        const pause = result.retryAfterMs ?? this.backoff(attempt);
        if (Date.now() + pause >= deadline) {
          throw new EvaluateFailure('unreachable', `${result.failure.message} (the next attempt, in ${pause} ms, would pass the ${timeoutMs} ms timeout)`, result.failure.status, result.failure.code);
        }
        await wait(pause, controller.signal);
      }
    } catch (err) {
      if (controller.signal.aborted && !(err instanceof EvaluateFailure)) {
        throw new EvaluateFailure('unreachable', `the guardrail service did not answer within ${timeoutMs} ms`);
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** One request: the answer, a retryable failure, or a thrown failure that is not retried. */
  private async attempt(body: string, signal: AbortSignal): Promise<EvaluateAnswer | RetryableAttempt> {
    const { evaluateUrl, authorization, fetch } = this.settings;
    let res: Response;
    try {
      res = await fetch(evaluateUrl, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
        body,
        signal,
        redirect: 'manual',
      });
    } catch (err) {
      if (signal.aborted) throw err;
      if (isTlsError(err)) throw new EvaluateFailure('tls', `the TLS connection to the guardrail service failed: ${causeCode(err)}`, undefined, undefined, { cause: err });
      return { failure: new EvaluateFailure('unreachable', `the guardrail service could not be reached: ${causeCode(err)}`, undefined, undefined, { cause: err }) };
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      if (signal.aborted) throw err;
      return { failure: new EvaluateFailure('unreachable', `the connection to the guardrail service broke during the answer: ${causeCode(err)}`, res.status, undefined, { cause: err }) };
    }
    if (res.status === 200) return answerOf(text);
    if (RETRIED_STATUSES.has(res.status)) {
      const { code } = errorBodyOf(text);
      return {
        failure: new EvaluateFailure('unreachable', `the guardrail service answered ${res.status}${code ? ` ${code}` : ''}`, res.status, code),
        retryAfterMs: retryAfterMs(res.headers.get('retry-after')),
      };
    }
    throw refusal(res.status, text);
  }

  /** Exponential backoff with equal jitter: half the step fixed, half random, so callers spread out. */
  private backoff(attempt: number): number {
    const step = Math.min(this.settings.maxBackoffMs, this.settings.backoffMs * 2 ** attempt);
    return Math.round(step / 2 + (Math.random() * step) / 2);
  }
}
