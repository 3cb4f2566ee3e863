import { FormatError, type ReasoningOptions, type SameFormatFeature } from '../../../core/plugin/index.js';
import { childPath, expectObject, isObject, optionalString, type JsonObject } from '../../shared/formats/json-fields.js';
import type { AnthropicOutputConfig, AnthropicThinking } from './wire-types.js';

/**
 * `thinking` and `output_config.effort` <-> canonical reasoning options.
 * - `{type:'enabled', budget_tokens}`: manual extended thinking with a budget
 *   (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking);
 * - `{type:'adaptive'}`: the model decides how much to think (canonical `enabled: true`);
 * - `{type:'disabled'}`: canonical `enabled: false`;
 * - `display: 'summarized' | 'omitted'`: canonical `include_thoughts`;
 * - `output_config.effort` (`low`..`max`, https://docs.anthropic.com/en/docs/build-with-claude/effort):
 *   canonical `effort`; Anthropic's `xhigh` and `max` have no canonical level and read as `high`,
 *   and canonical `minimal` is sent as `low`, Anthropic's lowest.
 */

type Effort = NonNullable<ReasoningOptions['effort']>;
const EFFORT_IN: Record<string, Effort> = { low: 'low', medium: 'medium', high: 'high', xhigh: 'high', max: 'high' };

/** The request's `thinking` and `output_config.effort` -> canonical reasoning. */
export function decodeReasoning(body: JsonObject, notes: SameFormatFeature[]): ReasoningOptions | undefined {
  let reasoning: ReasoningOptions | undefined;
  if (body.thinking !== undefined && body.thinking !== null) {
    const thinking = expectObject(body.thinking, 'thinking');
    switch (thinking.type) {
      case 'enabled': {
        const budget = thinking.budget_tokens;
        if (typeof budget !== 'number' || !Number.isInteger(budget)) {
          throw new FormatError('thinking.budget_tokens must be an integer', 'thinking.budget_tokens');
        }
        reasoning = { budget_tokens: budget };
        break;
      }
      case 'adaptive':
        reasoning = { enabled: true };
        break;
      case 'disabled':
        reasoning = { enabled: false };
        break;
      default:
        notes.push({ feature: `thinking.type=${String(thinking.type)}`, reason: 'this thinking mode exists only in Anthropic' });
    }
    const display = optionalString(thinking, 'display', 'thinking');
    if (reasoning && display !== undefined) reasoning.include_thoughts = display !== 'omitted';
  }
  const config = body.output_config;
  if (isObject(config)) {
    const effort = optionalString(config, 'effort', 'output_config');
    if (effort !== undefined) {
      const level = EFFORT_IN[effort];
      if (!level) throw new FormatError('output_config.effort must be one of low, medium, high, xhigh, max', childPath('output_config', 'effort'));
      reasoning = { ...reasoning, effort: level };
    }
  }
  return reasoning;
}

/** Canonical reasoning -> `thinking` and `output_config.effort` (each only when there is one). */
export function encodeReasoning(reasoning: ReasoningOptions): { thinking?: AnthropicThinking; effort?: AnthropicOutputConfig['effort'] } {
  const out: { thinking?: AnthropicThinking; effort?: AnthropicOutputConfig['effort'] } = {};
  const display = reasoning.include_thoughts === undefined ? {} : { display: reasoning.include_thoughts ? ('summarized' as const) : ('omitted' as const) };
  if (reasoning.enabled === false) out.thinking = { type: 'disabled' };
  else if (reasoning.budget_tokens !== undefined && reasoning.budget_tokens > 0) {
    out.thinking = { type: 'enabled', budget_tokens: reasoning.budget_tokens, ...display };
  } else if (reasoning.budget_tokens === 0) out.thinking = { type: 'disabled' };
  else if (reasoning.enabled === true || reasoning.include_thoughts === true) out.thinking = { type: 'adaptive', ...display };
  if (reasoning.effort !== undefined) out.effort = reasoning.effort === 'minimal' ? 'low' : reasoning.effort;
  return out;
}

/** Whether the encoded request makes the model think (forced tools are then refused upstream). */
export function thinkingOn(reasoning: ReasoningOptions | undefined): boolean {
  if (!reasoning || reasoning.enabled === false || reasoning.budget_tokens === 0) return false;
  return (reasoning.budget_tokens ?? 0) > 0 || reasoning.enabled === true || reasoning.include_thoughts === true;
}
