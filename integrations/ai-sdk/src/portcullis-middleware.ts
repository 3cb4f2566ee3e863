/**
 * Portcullis guardrails as an AI SDK language-model middleware (`wrapLanguageModel`), plus
 * `guardTools` for the tool-call check (tools run outside the model, so only a wrapper around
 * their `execute` can stop one).
 *
 * - `transformParams`: the prompt (`checkInput`, with `payloadTools`), or only its trailing tool
 *   results (`checkToolResults`, when `checkInput` is off). A transform rewrites the prompt the
 *   model gets; a block is remembered for this call and the model is not called.
 * - `wrapGenerate`: the model's assembled content (`checkOutput`) before `generateText` sees it,
 *   so a blocked answer and its tool calls never reach the caller.
 * - `wrapStream`: text is relayed as it comes; the output evaluation runs once the model
 *   finished, after delivery, so it cannot take the text back. Tool calls are held until the
 *   evaluation: a block drops them (they never run) and ends the stream with an `error` part
 *   carrying the GuardrailBlockedError and finish reason `content-filter` (whatever
 *   `exitBehavior` says); a transform is not applied to what was already delivered.
 *
 * The caller owns the conversation, so on a block `end` and `replace` both answer the blocked
 * message in place of the model's; `error` throws. The session id is `sessionId`, else the
 * call's `providerOptions.portcullis.sessionId`.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3Content, LanguageModelV3GenerateResult, LanguageModelV3Middleware, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { AgentGuard, type AgentGuardOptions, type GuardCallContext, GuardrailBlockedError } from '@portcullis/agent-guard';
import { contentToGuard, guardToContent, guardToPrompt, promptToGuard } from './prompt-messages.js';

/** The middleware's options: the agent guard's settings (spec 4.5's table). */
export type PortcullisMiddlewareOptions = AgentGuardOptions;

/** The call's conversation id, when the caller passed one in `providerOptions.portcullis.sessionId`. */
function threadOf(params: LanguageModelV3CallOptions): string | undefined {
  const id = (params.providerOptions?.portcullis as { sessionId?: unknown } | undefined)?.sessionId;
  return typeof id === 'string' ? id : undefined;
}

const NO_USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** A generate result holding only the blocked message. */
function blockedResult(text: string): LanguageModelV3GenerateResult {
  return { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'guardrail_block' }, usage: NO_USAGE, warnings: [] };
}

/** A stream holding only the blocked message. */
function blockedStream(text: string): ReadableStream<LanguageModelV3StreamPart> {
  const parts: LanguageModelV3StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 'guardrail' },
    { type: 'text-delta', id: 'guardrail', delta: text },
    { type: 'text-end', id: 'guardrail' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'guardrail_block' }, usage: NO_USAGE },
  ];
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

/** The guard and its two faces; make it once per application (or per agent). */
export interface Portcullis {
  readonly guard: AgentGuard;
  /** The language-model middleware for `wrapLanguageModel`. */
  readonly middleware: LanguageModelV3Middleware;
  /**
   * `tools` with each `execute` guarded when `checkToolCalls` is on: a block throws (the AI SDK
   * answers the model an error tool result; the tool does not run), a transform runs the tool with
   * the rewritten arguments. Tools without `execute` are returned as they are.
   */
  guardTools<T extends Record<string, unknown>>(tools: T): T;
}

/**
 * Makes the guard, its middleware and its tool wrapper. Settings are resolved once, here: a
 * setting that cannot work throws EvaluateClientConfigError now, not on the first call.
 */
export function createPortcullis(options: PortcullisMiddlewareOptions = {}): Portcullis {
  const guard = new AgentGuard(options, { application: 'ai-sdk' });
  const { settings } = guard;
  /** Input blocks, remembered from `transformParams` for the wrap of the same call. */
  const inputBlocks = new WeakMap<LanguageModelV3CallOptions, GuardrailBlockedError>();

  const contextOf = (params: LanguageModelV3CallOptions, modelId: string): GuardCallContext => ({ threadId: threadOf(params), model: modelId });

  /** The output check of a generate call: the content to return, or a block. */
  const checkContent = async (content: LanguageModelV3Content[], context: GuardCallContext) => {
    const view = contentToGuard(content);
    if (!view.texts.length && !view.toolCalls) return { content };
    const decision = await guard.checkOutput(view, context);
    if (decision.action === 'block') return { blocked: decision.error };
    return { content: decision.transformed ? guardToContent(content, decision.value) : content };
  };

  const middleware: LanguageModelV3Middleware = {
    specificationVersion: 'v3',

    async transformParams({ params, model }) {
      const context = contextOf(params, model.modelId);
      const view = promptToGuard(params.prompt);
      let decision;
      let span = view;
      if (settings.checkInput) {
        decision = await guard.checkInput(view.messages, context);
      } else if (settings.checkToolResults) {
        // The new tool results: the tool messages at the end of the prompt.
        let start = view.messages.length;
        while (start > 0 && view.messages[start - 1].role === 'tool') start--;
        if (start === view.messages.length) return params;
        span = { messages: view.messages.slice(start), origins: view.origins.slice(start) };
        decision = await guard.checkToolResults(span.messages, context);
      } else {
        return params;
      }
      if (decision.action === 'block') {
        inputBlocks.set(params, decision.error);
        return params;
      }
      return decision.transformed ? { ...params, prompt: guardToPrompt(params.prompt, span, decision.value) } : params;
    },

    async wrapGenerate({ doGenerate, params, model }) {
      const blocked = inputBlocks.get(params);
      if (blocked) {
        if (settings.exitBehavior === 'error') throw blocked;
        return blockedResult(settings.blockedMessage);
      }
      const result = await doGenerate();
      if (!settings.checkOutput) return result;
      const checked = await checkContent(result.content, contextOf(params, model.modelId));
      if ('blocked' in checked) {
        if (settings.exitBehavior === 'error') throw checked.blocked;
        return { ...blockedResult(settings.blockedMessage), usage: result.usage, response: result.response };
      }
      return { ...result, content: checked.content! };
    },

    async wrapStream({ doStream, params, model }) {
      const blocked = inputBlocks.get(params);
      if (blocked) {
        if (settings.exitBehavior === 'error') throw blocked;
        return { stream: blockedStream(settings.blockedMessage) };
      }
      const result = await doStream();
      if (!settings.checkOutput) return result;
      const context = contextOf(params, model.modelId);
      const delivered: LanguageModelV3Content[] = [];
      const texts = new Map<string, { type: 'text'; text: string }>();
      const heldCalls: LanguageModelV3StreamPart[] = [];
      let finish: LanguageModelV3StreamPart | undefined;
      const evaluateAfterDelivery = new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
        transform(part, controller) {
          if (part.type === 'text-start') {
            const text = { type: 'text' as const, text: '' };
            texts.set(part.id, text);
            delivered.push(text);
          } else if (part.type === 'text-delta') {
            const text = texts.get(part.id);
            if (text) text.text += part.delta;
          } else if (part.type === 'tool-call') {
            delivered.push(part);
          }
          // Tool calls (the AI SDK runs a tool when its call arrives) and the finish part wait for
          // the evaluation, so a block can still stop the tools and be reported before the end.
          if (part.type === 'tool-call' && !part.providerExecuted) heldCalls.push(part);
          else if (part.type === 'finish') finish = part;
          else controller.enqueue(part);
        },
        async flush(controller) {
          const checked = await checkContent(delivered, context);
          if ('blocked' in checked) {
            controller.enqueue({ type: 'error', error: checked.blocked });
            if (finish?.type === 'finish') finish = { ...finish, finishReason: { unified: 'content-filter', raw: 'guardrail_block' } };
          } else {
            for (const call of heldCalls) controller.enqueue(call);
          }
          if (finish) controller.enqueue(finish);
        },
      });
      return { ...result, stream: result.stream.pipeThrough(evaluateAfterDelivery) };
    },
  };

  function guardTools<T extends Record<string, unknown>>(tools: T): T {
    if (!settings.checkToolCalls) return tools;
    const guarded: Record<string, unknown> = {};
    for (const [name, tool] of Object.entries(tools)) {
      const execute = (tool as { execute?: (input: unknown, options: { toolCallId: string }) => unknown }).execute;
      if (typeof execute !== 'function') {
        guarded[name] = tool;
        continue;
      }
      guarded[name] = {
        ...(tool as object),
        execute: async (input: unknown, callOptions: { toolCallId: string }) => {
          const args = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : { input };
          const decision = await guard.checkToolCall({ id: callOptions.toolCallId, name, args });
          if (decision.action === 'block') throw new GuardrailBlockedError('tool_call', decision.error.reason, `${settings.blockedMessage} (${decision.error.message})`, decision.error.traceId, decision.error.failure);
          return execute.call(tool, decision.transformed ? decision.value.args : input, callOptions);
        },
      };
    }
    return guarded as T;
  }

  return { guard, middleware, guardTools };
}

/** The language-model middleware alone, when the tool-call check is not needed. */
export function portcullisMiddleware(options: PortcullisMiddlewareOptions = {}): LanguageModelV3Middleware {
  return createPortcullis(options).middleware;
}
