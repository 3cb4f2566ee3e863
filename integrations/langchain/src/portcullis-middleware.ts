/**
 * Portcullis guardrails as LangChain.js v1 agent middleware (`createAgent({ middleware: [...] })`).
 *
 * - `beforeModel`: the conversation (`checkInput`, with `payloadTools`), or only the new tool
 *   results (`checkToolResults`, when `checkInput` is off), before each model call.
 * - `afterModel`: the model's assembled message (`checkOutput`), before any tool it asks for runs.
 * - `wrapToolCall`: each pending tool call (`checkToolCalls`); a block answers an error tool
 *   message without running the tool, a transform runs it with the rewritten arguments.
 *
 * The session id is the run config's `thread_id` unless `sessionId` is set. A block does what
 * `exitBehavior` says (`exit-behavior.ts` of the agent guard); streamed tokens of a model call are
 * delivered before `afterModel` runs, so an output block there cannot take them back.
 */
import { AIMessage, type BaseMessage, RemoveMessage, ToolMessage } from '@langchain/core/messages';
import { AgentGuard, type AgentGuardOptions, currentTurnStart, type GuardDecision, type GuardMessage, type GuardrailBlockedError, replacedMessage } from '@portcullis/agent-guard';
import { createMiddleware } from 'langchain';
import { fromGuardMessage, toGuardMessage, toGuardMessages } from './messages.js';

/** The middleware's options: the agent guard's settings (spec 4.5's table). */
export type PortcullisMiddlewareOptions = AgentGuardOptions;

/** What the hooks see of the runtime: the run config's thread id. */
type RuntimeLike = { configurable?: { thread_id?: unknown } };

const threadOf = (runtime: RuntimeLike): string | undefined => {
  const id = runtime.configurable?.thread_id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
};

/** The model name an AI message reports, when it reports one. */
const modelOf = (message: BaseMessage): string | undefined => {
  const meta = message.response_metadata as Record<string, unknown> | undefined;
  const name = meta?.model_name ?? meta?.model;
  return typeof name === 'string' ? name : undefined;
};

/** The state update that ends the run with the blocked message, dropping `dropped` (messages the state gave ids). */
function endUpdate(dropped: readonly BaseMessage[], text: string) {
  const removals = dropped.filter((m) => m.id).map((m) => new RemoveMessage({ id: m.id! }));
  return { messages: [...removals, new AIMessage(text)], jumpTo: 'end' as const };
}

/**
 * The state update of `replace` on input: every message of `span` rewritten in place (same ids;
 * answered tool calls keep their ids with emptied arguments, so the history stays well formed),
 * then the run ends with the blocked message.
 */
function replaceInputUpdate(span: readonly BaseMessage[], text: string) {
  const rewritten = span.map((m) => {
    const view = toGuardMessage(m);
    return view ? fromGuardMessage(m, replacedMessage(view, text)) : m;
  });
  return { messages: [...rewritten, new AIMessage(text)], jumpTo: 'end' as const };
}

/** The state update of `replace` on output: the model's message rewritten in place, without its pending tool calls. */
function replaceOutputUpdate(message: BaseMessage, text: string) {
  return { messages: [new AIMessage({ id: message.id, content: text })], jumpTo: 'end' as const };
}

/**
 * Makes the middleware. Settings are resolved once, here: a setting that cannot work (no URL, no
 * `tgk_` key, a bad `exitBehavior`) throws EvaluateClientConfigError now, not on the first turn.
 */
export function portcullisMiddleware(options: PortcullisMiddlewareOptions = {}) {
  const guard = new AgentGuard(options, { application: 'langchain' });
  const { settings } = guard;

  /** A block on a span of the conversation (input or tool results). */
  const blockSpan = (error: GuardrailBlockedError, messages: readonly BaseMessage[], span: readonly BaseMessage[]) => {
    if (settings.exitBehavior === 'error') throw error;
    if (settings.exitBehavior === 'replace') return replaceInputUpdate(span, settings.blockedMessage);
    const roles = messages.map((m) => ({ role: toGuardMessage(m)?.role }));
    return endUpdate(messages.slice(currentTurnStart(roles)), settings.blockedMessage);
  };

  /** A continue decision on a span: the rewritten messages when it transformed, else no update. */
  const continueSpan = (decision: GuardDecision<GuardMessage[]> & { action: 'continue' }, sources: readonly BaseMessage[]) =>
    decision.transformed ? { messages: decision.value.map((view, i) => fromGuardMessage(sources[i], view)) } : undefined;

  return createMiddleware({
    name: 'PortcullisGuardrails',
    beforeModel: {
      canJumpTo: ['end'],
      hook: async (state, runtime) => {
        const messages = state.messages as BaseMessage[];
        const context = { threadId: threadOf(runtime as RuntimeLike) };
        if (settings.checkInput) {
          const { guard: views, sources } = toGuardMessages(messages);
          const decision = await guard.checkInput(views, context);
          return decision.action === 'block' ? blockSpan(decision.error, messages, sources) : continueSpan(decision, sources);
        }
        if (!settings.checkToolResults) return undefined;
        // The new tool results: the tool messages after the last assistant message.
        let start = messages.length;
        while (start > 0 && messages[start - 1].type === 'tool') start--;
        const { guard: views, sources } = toGuardMessages(messages.slice(start));
        if (!views.length) return undefined;
        const decision = await guard.checkToolResults(views, context);
        return decision.action === 'block' ? blockSpan(decision.error, messages, sources) : continueSpan(decision, sources);
      },
    },
    afterModel: {
      canJumpTo: ['end'],
      hook: async (state, runtime) => {
        if (!settings.checkOutput) return undefined;
        const last = (state.messages as BaseMessage[]).at(-1);
        const view = last && last.type === 'ai' ? toGuardMessage(last) : undefined;
        if (!last || !view) return undefined;
        const decision = await guard.checkOutput(view, { threadId: threadOf(runtime as RuntimeLike), model: modelOf(last) });
        if (decision.action === 'continue') return decision.transformed ? { messages: [fromGuardMessage(last, decision.value)] } : undefined;
        if (settings.exitBehavior === 'error') throw decision.error;
        if (settings.exitBehavior === 'replace') return replaceOutputUpdate(last, settings.blockedMessage);
        return endUpdate([last], settings.blockedMessage);
      },
    },
    wrapToolCall: async (request, handler) => {
      if (!settings.checkToolCalls) return handler(request);
      const { toolCall } = request;
      const call = { id: toolCall.id ?? '', name: toolCall.name, args: (toolCall.args ?? {}) as Record<string, unknown> };
      const decision = await guard.checkToolCall(call, { threadId: threadOf(request.runtime as RuntimeLike) });
      if (decision.action === 'block') {
        // Whatever the exit behaviour: the tool does not run and the model reads why.
        return new ToolMessage({ content: `${settings.blockedMessage} (${decision.error.message})`, tool_call_id: call.id, name: call.name, status: 'error' });
      }
      return decision.transformed ? handler({ ...request, toolCall: { ...toolCall, args: decision.value.args } }) : handler(request);
    },
  });
}
