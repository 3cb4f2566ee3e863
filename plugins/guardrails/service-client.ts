/**
 * Calls the guardrail service's `POST /v1/evaluate` (the same HTTP contract as any collector)
 * within the configured timeout; the guardrail plane of this process is called in process
 * (`transport: auto`), with the same exchange. Anything but a 200 JSON verdict is an
 * EvaluationFailure, which the caller resolves with its failure mode.
 */
import type { Exchange } from '../../core/pipeline/exchange.js';
import type { Dispatcher } from 'undici';
import { guardrailServiceUrl } from '../../core/guardrail/service-url.js';
import { egressFetch } from '../../core/http/egress-dispatcher.js';
import { inProcessEvaluator, type InProcessEvaluator } from '../../core/guardrail/in-process.js';
import { DEFAULT_BODY_LIMIT } from '../../core/http/read-body.js';
import { AnswerTooLarge, readResponseText } from '../../core/http/bounded-read.js';
import { Deadline } from './deadline.js';
import type { GuardrailsSettings } from './settings.js';

/** A verdict status of the service. */
export type VerdictStatus = 'allow' | 'report' | 'transform' | 'ask' | 'block';
const STATUSES = new Set<VerdictStatus>(['allow', 'report', 'transform', 'ask', 'block']);

/** The body the plugin sends (spec 2.6). */
export interface EvaluateBody {
  protocol: 'llm';
  direction: 'input' | 'output';
  payload: Record<string, unknown>;
  consumer_id?: string;
  session_id?: string;
  attributes: Record<string, unknown>;
}

/** The part of the service's answer the plugin reads (spec 2.7). */
export interface Verdict {
  status: VerdictStatus;
  transformed_payload?: Record<string, unknown>;
  findings: Array<{ source?: { detector_name?: string; kind?: string }; signal?: { type?: string }; outcome?: { action?: string } }>;
  trace_id?: string;
  request_id?: string;
}

/** The service could not give a usable verdict; `reason` is safe to log (no payload text). */
export class EvaluationFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'EvaluationFailure';
  }
}

/** The collector key from settings: inline, or the vault credential of the policy's gateway. */
export function collectorKey(settings: GuardrailsSettings, ctx: Exchange, gatewayId: string): string {
  if (typeof settings.key === 'string') return settings.key;
  const credential = ctx.snapshot.indexes.vaultSecrets?.get(settings.key.credential_id);
  if (!credential || credential.gatewayId !== gatewayId) throw new EvaluationFailure(`vault credential ${settings.key.credential_id} is not available`);
  return credential.secret;
}

/** What the plugin reads of an answer, over HTTP or in process. */
interface Answer {
  status: number;
  json(): Promise<unknown>;
}

/**
 * The most bytes of a verdict read over HTTP: a transform verdict holds the payload again, which
 * may be as large as an evaluate body, and its findings.
 */
const MAX_VERDICT_BYTES = 2 * DEFAULT_BODY_LIMIT;

/** An HTTP answer read to MAX_VERDICT_BYTES: a service sending without end fails the call instead of growing the gateway. */
function httpAnswer(response: Response): Answer {
  return { status: response.status, json: async () => JSON.parse(await readResponseText(response, MAX_VERDICT_BYTES, 'the guardrail service answer')) };
}

/** An in-process call to the co-located plane, given up (as the HTTP request would be) at the deadline. */
async function callInProcess(evaluator: InProcessEvaluator, authorization: string, body: string, limit: Deadline): Promise<Answer> {
  const answer = await limit.race(() => evaluator.evaluate({ authorization, body }));
  return { status: answer.status, json: async () => JSON.parse(answer.body) as unknown };
}

/**
 * Calls the service; throws EvaluationFailure for anything but a usable verdict. A `service_url`
 * the tenant chose is called through `egress` (the kit's dispatcher: the egress policy applies);
 * the operator's service (PORTCULLIS_GUARDRAIL_URL, or the co-located plane) is not subject to it.
 */
export async function requestVerdict(settings: GuardrailsSettings, key: string, body: EvaluateBody, ctx: Exchange, egress: Dispatcher): Promise<Verdict> {
  const limit = new Deadline(ctx.signal, settings.timeout_ms);
  try {
    return await verdictWithin(limit, settings, key, body, ctx, egress);
  } finally {
    limit.done();
  }
}

async function verdictWithin(limit: Deadline, settings: GuardrailsSettings, key: string, body: EvaluateBody, ctx: Exchange, egress: Dispatcher): Promise<Verdict> {
  const operatorUrl = guardrailServiceUrl().replace(/\/+$/, '');
  const base = (settings.service_url ?? operatorUrl).replace(/\/+$/, '');
  const send = base === operatorUrl ? fetch : egressFetch(egress);
  // The guardrail plane of this process is called directly: the same exchange without the socket.
  const local = settings.transport === 'http' ? undefined : inProcessEvaluator(base);
  let response: Answer;
  try {
    response = local
      ? await callInProcess(local, `Bearer ${key}`, JSON.stringify(body), limit)
      : httpAnswer(
          await send(`${base}/v1/evaluate`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
            signal: limit.signal(),
          }),
        );
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    throw new EvaluationFailure(limit.timedOut ? `guardrail service timed out after ${settings.timeout_ms} ms` : `guardrail service unreachable: ${(err as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch (err) {
    if (err instanceof AnswerTooLarge) throw new EvaluationFailure(err.message);
    throw new EvaluationFailure(`guardrail service answered ${response.status} with a body that is not JSON`);
  }
  if (response.status !== 200) {
    const code = (parsed as { error?: unknown })?.error;
    throw new EvaluationFailure(`guardrail service answered ${response.status}${typeof code === 'string' ? ` ${code}` : ''}`);
  }
  const verdict = parsed as Verdict;
  if (!verdict || !STATUSES.has(verdict.status) || !Array.isArray(verdict.findings)) throw new EvaluationFailure('guardrail service answered an unknown verdict');
  if (verdict.status === 'transform' && (!verdict.transformed_payload || typeof verdict.transformed_payload !== 'object')) {
    throw new EvaluationFailure('guardrail service answered transform without transformed_payload');
  }
  return verdict;
}
