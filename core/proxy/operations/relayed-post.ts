/**
 * The shape shared by the audio and images routes: a POST whose body is JSON (the model
 * replaced by the native one) or multipart (forwarded byte for byte, its `model` field only
 * read), routed on the capable pool, and answered with the upstream's bytes and Content-Type.
 */
import type Koa from 'koa';
import type { Exchange } from '../../pipeline/exchange.js';
import type { PipelineHooks } from '../../pipeline/hooks.js';
import type { Capability } from '../../providers/types.js';
import type { ProxyRuntime } from '../runtime.js';
import type { Usage } from '../../canonical/response.js';
import type { JsonAnswer } from '../upstream/answer-limit.js';
import { checkBodyTypes, type ProxyBodySchema } from './body-types.js';
import { planOperation } from './capability-plan.js';
import { callUpstream } from './operation-attempts.js';
import { jsonCall, multipartCall, withTargetModel } from './operation-calls.js';
import { admitOperation, requireMethod } from './operation-gates.js';
import { jsonInput, multipartInput, stringField } from './operation-input.js';
import { relayAnswer, selectionHeaders } from './relay-answer.js';

/** One relayed POST route: its capability, catalog `{op}` and body kind. */
export interface RelayedPost {
  capability: Capability;
  /** `{op}` of the catalog path (`speech`, `generations`, ...). */
  op: string;
  body: 'json' | 'multipart';
  /** The request schema a JSON body's field types are checked against before any upstream call. */
  schema?: ProxyBodySchema;
  /** Checks a multipart form's text fields before any upstream call (the form is not rewritten). */
  checkForm?: (fields: Readonly<Record<string, string>>) => void;
  /**
   * The usage a JSON answer reports, for budgets to count. Set, a request not asking for a
   * stream has its answer read whole (within the answer limit) to find it, and the text relayed
   * byte for byte.
   */
  usageOf?: (answer: unknown) => Usage | undefined;
}

/** Runs one relayed POST. */
export async function runRelayedPost(koa: Koa.Context, ctx: Exchange, hooks: PipelineHooks, runtime: ProxyRuntime, post: RelayedPost): Promise<void> {
  requireMethod(koa, ctx.incoming.route, ['POST']);
  const what = { capability: post.capability, method: 'POST', op: post.op };
  const json = post.body === 'json' ? jsonInput(ctx) : undefined;
  const form = post.body === 'multipart' ? multipartInput(ctx) : undefined;
  if (json && post.schema) checkBodyTypes(json, post.schema);
  if (form && post.checkForm) post.checkForm(form.fields);
  // The form's `model` chooses the registry (allow-lists, deployments, pins); the form itself is not rewritten.
  const reference = json ? stringField(json, 'model') : form!.fields.model;
  await admitOperation(hooks, ctx);
  const plan = planOperation(ctx, runtime.routing, { capability: post.capability, reference });
  // A streamed answer (server-sent events) is relayed as it comes, its usage not read.
  const streamed = json ? json.stream === true : form!.fields.stream === 'true';
  const usageOf = streamed ? undefined : post.usageOf;
  const { upstream, target, decoded } = await callUpstream(ctx, hooks, runtime, plan, (t) => {
    const call = json ? jsonCall(t, what, withTargetModel(json, t)) : multipartCall(t, what, form!);
    return usageOf ? { ...call, decodeAnswer: (answer: JsonAnswer) => answer } : call;
  });
  selectionHeaders(ctx, target);
  if (!decoded) return relayAnswer(koa, upstream);
  const usage = usageOf!(decoded.value);
  if (usage) ctx.usage = usage;
  koa.status = upstream.statusCode;
  koa.type = headerText(upstream.headers['content-type']) ?? 'application/json';
  koa.body = decoded.text;
}

/** A header's first value. */
const headerText = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);
