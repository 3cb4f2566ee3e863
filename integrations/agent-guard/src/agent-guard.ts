/**
 * The agent guard: one evaluation per guarded stage (input, output, new tool results, a pending
 * tool call) and what its answer means for the run, the same for every framework adapter.
 *
 * - `allow` and `report` continue untouched; `transform` continues with `transformed_payload`
 *   applied, unless it cannot be applied safely, which blocks (spec 4.5).
 * - `block` blocks; `ask` blocks too (nobody can be asked inside an agent run: an unknown verdict
 *   for the middleware, which fails closed).
 * - No verdict: `fail_open` (unreachable, and the caller chose it) continues uninspected;
 *   everything else blocks.
 *
 * What a block then does to the run (`exitBehavior`) is the adapter's part, with the helpers of
 * `exit-behavior.ts`.
 */
import type { EvaluateAnswer, EvaluateClient, EvaluateFailure, EvaluateRequest } from '@portcullis/evaluate-client';
import { type BlockReason, GuardrailBlockedError, type GuardStage } from './blocked-error.js';
import type { GuardMessage, GuardToolCall } from './guard-message.js';
import { applyInputTransform, applyOutputTransform, inputPayload, outputPayload, UnappliablePayload } from './payload.js';
import { type AgentGuardOptions, type GuardSettings, resolveGuardSettings } from './settings.js';

/** Per-call facts the adapter knows: the conversation's thread and the model's name. */
export interface GuardCallContext {
  /** The framework's conversation id (LangChain's `thread_id`); `sessionId` overrides it. */
  threadId?: string;
  /** The framework's model name; `modelName` overrides it. */
  model?: string;
}

/** What an evaluation means for the run. */
export type GuardDecision<T> =
  /** Go on with `value`: the original, or the transformed one when `transformed` is true. */
  | { action: 'continue'; value: T; transformed: boolean; answer?: EvaluateAnswer }
  /** Stop as `exitBehavior` says. */
  | { action: 'block'; error: GuardrailBlockedError };

/** The framework-independent guard every adapter wraps. Make it once per agent. */
export class AgentGuard {
  readonly settings: GuardSettings;
  private readonly client: EvaluateClient;

  /** Resolves the options (environment fallbacks, defaults); throws EvaluateClientConfigError when one cannot work. */
  constructor(options: AgentGuardOptions = {}, defaults: { application?: string } = {}) {
    const { settings, client } = resolveGuardSettings(options);
    this.settings = { ...settings, application: settings.application ?? defaults.application };
    this.client = client;
  }

  /** Evaluates the conversation before a model call (`direction: input`, with `payloadTools`). */
  async checkInput(messages: readonly GuardMessage[], context: GuardCallContext = {}): Promise<GuardDecision<GuardMessage[]>> {
    const payload = inputPayload(messages, this.modelOf(context), this.settings.payloadTools);
    return this.decide('input', this.request('input', payload, context), (answer) => applyInputTransform(messages, answer.transformed_payload), [...messages]);
  }

  /** Evaluates new tool results (the tool messages after the last assistant message) before the model sees them. */
  async checkToolResults(results: readonly GuardMessage[], context: GuardCallContext = {}): Promise<GuardDecision<GuardMessage[]>> {
    const payload = inputPayload(results, this.modelOf(context));
    return this.decide('tool_results', this.request('input', payload, context), (answer) => applyInputTransform(results, answer.transformed_payload), [...results]);
  }

  /** Evaluates the model's assembled message (`direction: output`). */
  async checkOutput(message: GuardMessage, context: GuardCallContext = {}): Promise<GuardDecision<GuardMessage>> {
    const payload = outputPayload(message, this.modelOf(context));
    return this.decide('output', this.request('output', payload, context), (answer) => applyOutputTransform(message, answer.transformed_payload), message);
  }

  /** Evaluates one pending tool call before it runs (`direction: input`, attribute `tool.name`). */
  async checkToolCall(call: GuardToolCall, context: GuardCallContext = {}): Promise<GuardDecision<GuardToolCall>> {
    const message: GuardMessage = { role: 'assistant', texts: [], toolCalls: [call] };
    const request = this.request('input', inputPayload([message], this.modelOf(context)), context, { 'tool.name': call.name });
    return this.decide('tool_call', request, (answer) => applyInputTransform([message], answer.transformed_payload)[0].toolCalls![0], call);
  }

  private modelOf(context: GuardCallContext): string | undefined {
    return this.settings.modelName ?? context.model;
  }

  private request(direction: 'input' | 'output', payload: Record<string, unknown>, context: GuardCallContext, extra: Record<string, unknown> = {}): EvaluateRequest {
    const { application, consumerId } = this.settings;
    const sessionId = this.settings.sessionId ?? (context.threadId || undefined);
    const model = this.modelOf(context);
    const attributes = { ...(application ? { 'source.application': application } : {}), ...(model ? { 'model.name': model } : {}), ...extra };
    return {
      protocol: 'llm',
      direction,
      payload,
      ...(consumerId ? { consumer_id: consumerId } : {}),
      ...(sessionId ? { session_id: sessionId } : {}),
      ...(Object.keys(attributes).length ? { attributes } : {}),
    };
  }

  /** One evaluation and its meaning; `applyTransform` throws UnappliablePayload when the payload cannot be applied. */
  private async decide<T>(stage: GuardStage, request: EvaluateRequest, applyTransform: (answer: EvaluateAnswer) => T, original: T): Promise<GuardDecision<T>> {
    const result = await this.client.evaluate(request);
    if (result.outcome === 'fail_open') return { action: 'continue', value: original, transformed: false };
    if (result.outcome === 'fail_closed') return this.blocked(stage, 'fail_closed', `the guardrail evaluation failed closed: ${result.failure.message}`, undefined, result.failure);
    const { answer } = result;
    switch (answer.status) {
      case 'allow':
      case 'report':
        return { action: 'continue', value: original, transformed: false, answer };
      case 'transform':
        try {
          return { action: 'continue', value: applyTransform(answer), transformed: true, answer };
        } catch (err) {
          if (!(err instanceof UnappliablePayload)) throw err;
          return this.blocked(stage, 'unappliable', `the guardrail answered transform and ${err.message}; failing closed`, answer.trace_id);
        }
      case 'ask':
        return this.blocked(stage, 'ask', 'the guardrail asked for a confirmation, which an agent run cannot give; failing closed', answer.trace_id);
      default:
        return this.blocked(stage, 'block', `the guardrail blocked the ${stage.replace('_', ' ')}`, answer.trace_id);
    }
  }

  private blocked(stage: GuardStage, reason: BlockReason, message: string, traceId?: string, failure?: EvaluateFailure): GuardDecision<never> {
    return { action: 'block', error: new GuardrailBlockedError(stage, reason, message, traceId, failure) };
  }
}
