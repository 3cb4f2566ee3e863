import type { FinishReason, NativeFinishReason } from '../../../core/plugin/index.js';
import type { AnthropicStopReason } from './wire-types.js';

/**
 * `stop_reason` <-> canonical finish reason
 * (https://docs.anthropic.com/en/api/handling-stop-reasons). The exact Anthropic reason also
 * travels as `native_finish_reason`, so an Anthropic client gets `pause_turn` or
 * `model_context_window_exceeded` back unchanged.
 */

const FORMAT = 'anthropic-messages';

const IN: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
  // A server tool's long turn paused; the client continues it by sending the turn back.
  pause_turn: 'other',
};

/** Anthropic stop reason -> canonical ('other' for unknown or missing reasons). */
export function decodeStopReason(reason: unknown): FinishReason {
  return typeof reason === 'string' ? (IN[reason] ?? 'other') : 'other';
}

/** The exact Anthropic reason, for `native_finish_reason`. */
export function nativeStopReason(reason: unknown): NativeFinishReason | undefined {
  return typeof reason === 'string' ? { format: FORMAT, value: reason } : undefined;
}

/**
 * Canonical finish reason -> Anthropic stop reason: the native one when Anthropic gave it,
 * else mapped; a reported stop sequence means `stop_sequence`.
 */
export function encodeStopReason(
  reason: FinishReason,
  stopSequence: string | undefined,
  native?: NativeFinishReason,
): AnthropicStopReason {
  if (native?.format === FORMAT) return native.value as AnthropicStopReason;
  switch (reason) {
    case 'stop':
      return stopSequence !== undefined ? 'stop_sequence' : 'end_turn';
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
    case 'error':
    case 'other':
      return 'end_turn';
  }
}
