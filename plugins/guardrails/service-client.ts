/**
 * Calls the guardrail service's `POST /v1/evaluate` (the same HTTP contract as any collector)
 * within the configured timeout; the guardrail plane of this process is called in process
 * (`transport: auto`), with the same exchange. Anything but a 200 JSON verdict is an
 * EvaluationFailure, which the caller resolves with its failure mode.
 */
import { AnswerTooLarge, DEFAULT_BODY_LIMIT, egressFetch, type Exchange, type InProcessEvaluator, type PluginKit, readResponseText } from '../../core/plugin/index.js';
import { Deadline } from './deadline.js';
import type { GuardrailsSettings } from './settings.js';

/** A verdict status of the service. */
export type VerdictStatus = 'allow' | 'report' | 'transform' | 'ask' | 'block';
const STATUSES = new Set<VerdictStatus>(['allow', 'report', 'transform', 'ask', 'block']);

/** The body the plugin sends (spec 2.6). */
export interface EvaluateBody {
  /** `llm` for chat exchanges, `mcp` for tool traffic. */
  protocol: 'llm' | 'mcp';
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

/** What the client uses of the kit: the egress dispatcher and the guardrail service. */
export type ServiceKit = Pick<PluginKit<unknown>, 'egress' | 'guardrails'>;

/** The collector key from settings: inline, or the vault credential of the policy's gateway. */
export function collectorKey(settings: GuardrailsSettings, kit: Pick<PluginKit<unknown>, 'vaultSecret'>): string {
  if (typeof settings.key === 'string') return settings.key;
  const secret = kit.vaultSecret(settings.key.credential_id);
  if (secret === undefined) throw new EvaluationFailure(`vault credential ${settings.key.credential_id} is not available`);
  return secret;
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
 * the tenant chose is called through `kit.egress` (the egress policy applies); the operator's
 * service (`kit.guardrails.url`: the configured one, or the co-located plane) is not subject to it.
 */
export async function requestVerdict(settings: GuardrailsSettings, key: string, body: EvaluateBody, ctx: Exchange, kit: ServiceKit): Promise<Verdict> {
  const limit = new Deadline(ctx.signal, settings.timeout_ms);
  try {
    return await verdictWithin(limit, settings, key, body, ctx, kit);
  } finally {
    limit.done();
  }
}

async function verdictWithin(limit: Deadline, settings: GuardrailsSettings, key: string, body: EvaluateBody, ctx: Exchange, kit: ServiceKit): Promise<Verdict> {
  const operatorUrl = kit.guardrails.url.replace(/\/+$/, '');
  const base = (settings.service_url ?? operatorUrl).replace(/\/+$/, '');
  const send = base === operatorUrl ? fetch : egressFetch(kit.egress);
  // The guardrail plane of this process is called directly: the same exchange without the socket.
  const local = settings.transport === 'http' ? undefined : kit.guardrails.inProcess(base);
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
