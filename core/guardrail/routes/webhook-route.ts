/**
 * `POST /v1/integrations/webhook`: the gateway webhook adapter (spec 4.5 rule 7). An AI
 * gateway's webhook guardrail posts its hook event here with the collector's `tgk_` key; the
 * adapter builds the evaluate body from the event (never the event as it stands), runs the same
 * evaluation as `POST /v1/evaluate`, and answers `{verdict, data: {status, trace_id, request_id}}`
 * with `verdict` false only for `block`.
 *
 * - `beforeRequestHook` is evaluated as `direction: input` from `request`, `afterRequestHook` as
 *   `direction: output` from `response`: the payload is that side's `json` when it is a
 *   non-empty object, else `{input: text}`.
 * - `consumer_id` is `metadata._user`, `session_id` is `metadata.session_id` (each left out when
 *   empty); attributes `source.application` (the collector's type), `model.name` (the model the
 *   request named, else the answer's), `model.provider` (the event's `provider`).
 * - `?deny_status=446` answers a block with that status instead of 200 (any 4xx or 5xx).
 * Errors are the plane's `{error, message, request_id}`.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import { GatewayError } from '../../errors/gateway-error.js';
import type { CompiledKey } from '../config/compiled-config.js';
import { readEvaluateBody } from '../evaluation/request-body.js';
import type { EvaluateDeps } from './evaluate-deps.js';
import { answerEvaluate, type EvaluateBody } from './evaluate-route.js';

/** One side of the exchange as the hook event carries it. */
interface HookMessage {
  json?: Record<string, unknown> | null;
  text?: string | null;
}

/** The fields of a hook event the adapter reads (schemas/api/guardrail/webhook-request.schema.json). */
interface HookEvent {
  eventType: 'beforeRequestHook' | 'afterRequestHook';
  request: HookMessage;
  response?: HookMessage;
  metadata?: { _user?: string; session_id?: string };
  provider?: string;
}

/** The status a block answers with: `?deny_status=` (a 4xx or 5xx), else 200. */
function blockStatusOf(koa: Koa.Context): number {
  const raw = koa.query.deny_status;
  if (raw === undefined) return 200;
  const status = typeof raw === 'string' && /^\d{3}$/.test(raw) ? Number(raw) : NaN;
  if (!(status >= 400 && status <= 599)) {
    throw new GatewayError('invalid_request', { message: 'deny_status must be one HTTP error status from 400 to 599 (446 for a gateway webhook hook)', param: 'deny_status' });
  }
  return status;
}

/** The payload of one side: its `json` when it holds a body, else `{input: text}`; 400 when it holds neither. */
function payloadOf(message: HookMessage | undefined, side: 'request' | 'response'): Record<string, unknown> {
  const json = message?.json;
  if (json && Object.keys(json).length > 0) return json;
  if (typeof message?.text === 'string' && message.text.length > 0) return { input: message.text };
  throw new GatewayError('invalid_request', { message: `/${side}/json or /${side}/text is required for this eventType`, param: side });
}

const modelOf = (message: HookMessage | undefined): string | undefined => {
  const model = message?.json?.model;
  return typeof model === 'string' && model ? model : undefined;
};

/** Where in the hook event the payload came from: `/request/json`, `/response/text`, ... */
function payloadSourceOf(event: HookEvent, payload: Record<string, unknown>): string {
  const side = event.eventType === 'beforeRequestHook' ? 'request' : 'response';
  return payload === event[side]?.json ? `/${side}/json` : `/${side}/text`;
}

/**
 * A refusal of the built body names `/payload/...`, which the gateway never sent: name the
 * hook event's field instead (`/request/json/messages/0/content`).
 */
function inHookTerms(err: unknown, source: string | undefined): unknown {
  if (!source || !(err instanceof GatewayError) || err.status >= 500 || !err.message.includes('/payload')) return err;
  const pointer = source.endsWith('/text') ? /\/payload(\/input)?/g : /\/payload/g;
  return new GatewayError(err.code, { message: err.message.replace(pointer, source), param: err.param, headers: err.headers, details: err.details, cause: err });
}

/** The evaluate body of a hook event, as spec 4.5 rule 7 builds it. */
export function evaluateBodyOf(event: HookEvent, key: CompiledKey): EvaluateBody {
  const before = event.eventType === 'beforeRequestHook';
  const attributes: Record<string, unknown> = { 'source.application': key.collector.type };
  const model = modelOf(event.request) ?? modelOf(event.response);
  if (model) attributes['model.name'] = model;
  if (event.provider) attributes['model.provider'] = event.provider;
  const body: EvaluateBody = {
    protocol: 'llm',
    direction: before ? 'input' : 'output',
    payload: before ? payloadOf(event.request, 'request') : payloadOf(event.response, 'response'),
    attributes,
  };
  if (event.metadata?._user) body.consumer_id = event.metadata._user;
  if (event.metadata?.session_id) body.session_id = event.metadata.session_id;
  return body;
}

/** Registers `POST /v1/integrations/webhook`. */
export function webhookRoute(router: Router, deps: EvaluateDeps): void {
  router.post('/v1/integrations/webhook', async (koa) => {
    const requestId = koa.state.requestId as string;
    let blockStatus = 200;
    let payloadSource: string | undefined;
    const answer = await answerEvaluate(
      deps,
      koa.get('authorization'),
      async (key) => {
        blockStatus = blockStatusOf(koa);
        const event = await readEvaluateBody<HookEvent>(koa, 'webhook-request');
        const body = evaluateBodyOf(event, key);
        payloadSource = payloadSourceOf(event, body.payload);
        return body;
      },
      requestId,
    ).catch((err: unknown) => {
      throw inHookTerms(err, payloadSource);
    });
    const blocked = answer.status === 'block';
    koa.status = blocked ? blockStatus : 200;
    koa.body = { verdict: !blocked, data: { status: answer.status, trace_id: answer.trace_id, request_id: requestId } };
  });
}
