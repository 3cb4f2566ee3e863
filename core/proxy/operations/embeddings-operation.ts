/**
 * `POST /v1/embeddings` (spec 4.2): an OpenAI-compatible embeddings body, routed only to
 * embedding-capable registries. OpenAI-format upstreams (OpenAI, its cloud-hosted variant by
 * deployment, OpenAI-compatible providers) get the body with the native model and answer
 * as-is; Cohere and Gemini upstreams get it translated and their answers translated back.
 */
import type { WireFormatId } from '../../canonical/index.js';
import type { RouteTarget } from '../../pipeline/exchange.js';
import type { OperationHandler } from '../app.js';
import type { ProxyRuntime } from '../runtime.js';
import { checkBodyTypes } from './body-types.js';
import { planOperation } from './capability-plan.js';
import { fromCohereEmbed, toCohereEmbed } from './cohere-embed.js';
import { fromGeminiEmbed, toGeminiEmbed } from './gemini-embed.js';
import { callUpstream } from './operation-attempts.js';
import { jsonCall, withTargetModel } from './operation-calls.js';
import { admitOperation, requireMethod } from './operation-gates.js';
import { jsonInput, stringField } from './operation-input.js';
import { selectionHeaders } from './relay-answer.js';

type Json = Record<string, unknown>;

/** A translation to and from a provider's own embeddings API. */
interface EmbeddingsTranslation {
  request(body: Json, target: RouteTarget): Json;
  response(answer: unknown, body: Json, target: RouteTarget): Json;
}

/** Providers whose chat format is one of these have their own embeddings API. */
const TRANSLATIONS: Partial<Record<WireFormatId, EmbeddingsTranslation>> = {
  'cohere-v2': { request: toCohereEmbed, response: fromCohereEmbed },
  gemini: { request: toGeminiEmbed, response: fromGeminiEmbed },
};

const translationFor = (target: RouteTarget) => (target.registry.provider ? TRANSLATIONS[target.registry.provider.format] : undefined);

/** The embeddings handler of a proxy plane. */
export function embeddingsOperation(runtime: ProxyRuntime): OperationHandler {
  return async (koa, ctx, hooks, route) => {
    requireMethod(koa, route.route, ['POST']);
    const body = jsonInput(ctx);
    checkBodyTypes(body, 'embeddings-request');
    const reference = stringField(body, 'model');
    await admitOperation(hooks, ctx);
    const plan = planOperation(ctx, runtime.routing, { capability: 'embeddings', reference });
    const { upstream, target, decoded } = await callUpstream(ctx, hooks, runtime, plan, (t) => {
      const translation = translationFor(t);
      return {
        ...jsonCall(t, { capability: 'embeddings', method: 'POST' }, translation ? translation.request(body, t) : withTargetModel(body, t)),
        // An OpenAI-format answer goes back byte for byte.
        decodeAnswer: (answer) => (translation ? { list: translation.response(answer.value, body, t) } : { list: answer.value, text: answer.text }),
      };
    });
    const { list, text } = decoded!;
    const tokens = (list as { usage?: { prompt_tokens?: unknown } } | null)?.usage?.prompt_tokens;
    if (typeof tokens === 'number') ctx.usage = { input_tokens: tokens, output_tokens: 0, total_tokens: tokens };
    selectionHeaders(ctx, target);
    koa.status = upstream.statusCode;
    koa.type = 'application/json';
    koa.body = text ?? JSON.stringify(list);
  };
}
