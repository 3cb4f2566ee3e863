/**
 * `POST /v1/evaluate/claude`: the endpoint of a server-side assistant platform (Claude hooks).
 * The body is the hook event itself (schemas/api/guardrail/claude-request.schema.json); the
 * answer is allow or deny only: `block` denies, everything else (Ask included) allows. A deny
 * carries Claude's hook output fields, so a hook can print the body unchanged.
 * Authentication: the collector's `tgk_` key, as on /v1/evaluate.
 */
import type Router from '@koa/router';
import { GatewayError } from '../../errors/gateway-error.js';
import { guardrailConfigOf } from '../config/guardrail-extension.js';
import { authenticateCollector } from '../evaluation/collector-auth.js';
import type { Finding } from '../evaluation/finding.js';
import { toolNameOf } from '../evaluation/gate-fields.js';
import { readEvaluateBody } from '../evaluation/request-body.js';
import type { ParsedPayload } from '../payload/read-payload.js';
import { SegmentBuilder } from '../payload/segment-builder.js';
import { evaluate } from '../evaluation/evaluate.js';
import type { EvaluateDeps } from './evaluate-deps.js';

interface ClaudeHookEvent {
  hook_event_name: 'UserPromptSubmit' | 'PreToolUse' | 'PostToolUse';
  session_id?: string;
  prompt?: string;
  tool_name?: string;
  tool_input?: Record<string, unknown>;
  tool_response?: unknown;
  consumer_id?: string;
  attributes?: Record<string, unknown>;
}

/** The segments of a hook event: the prompt, the tool's arguments, what the tool returned. */
function parseEvent(event: ClaudeHookEvent): ParsedPayload {
  const builder = new SegmentBuilder();
  if (event.hook_event_name === 'UserPromptSubmit') {
    if (typeof event.prompt !== 'string') throw new GatewayError('invalid_request', { message: '/prompt is required for UserPromptSubmit' });
    builder.text(['prompt'], event.prompt, 'prompt', 'user');
  } else {
    if (!event.tool_name) throw new GatewayError('invalid_request', { message: `/tool_name is required for ${event.hook_event_name}` });
    builder.leaves(['tool_input'], event.tool_input, 'tool_call', 'assistant');
    if (event.hook_event_name === 'PostToolUse') builder.leaves(['tool_response'], event.tool_response, 'tool_result', 'tool');
  }
  return { shape: { kind: 'text' }, segments: builder.segments, attachments: builder.attachments };
}

function attributesOf(event: ClaudeHookEvent): Record<string, unknown> {
  const attributes: Record<string, unknown> = { 'source.application': 'claude', ...(event.attributes ?? {}) };
  if (event.tool_name) attributes['tool.name'] = toolNameOf(event.tool_name);
  if (typeof event.tool_input?.command === 'string') attributes['tool.command'] = event.tool_input.command;
  return attributes;
}

/** Names what denied, never the text that fired. */
function reasonOf(findings: Finding[]): string {
  const names = findings
    .filter((f) => f.outcome.action === 'block')
    .map((f) => `${f.source.detector_name} (${f.source.kind === 'gate' ? 'gate' : f.signal.type})`);
  return `blocked by guardrail policy: ${[...new Set(names)].join(', ')}`;
}

/** Registers `POST /v1/evaluate/claude`. */
export function claudeRoute(router: Router, deps: EvaluateDeps): void {
  router.post('/v1/evaluate/claude', async (koa) => {
    const key = authenticateCollector(guardrailConfigOf(deps.holder.current), koa.get('authorization'));
    const event = await readEvaluateBody<ClaudeHookEvent>(koa, 'claude-request');
    const parsed = parseEvent(event);
    const result = await evaluate({
      key,
      requestId: koa.state.requestId as string,
      endpoint: 'evaluate/claude',
      direction: 'input',
      protocol: event.tool_name?.startsWith('mcp__') ? 'mcp' : 'llm',
      consumerId: event.consumer_id,
      sessionId: event.session_id,
      attributes: attributesOf(event),
      payload: event as unknown as Record<string, unknown>,
      parsed,
      traceparent: koa.get('traceparent') || undefined,
    }, deps.telemetry);
    const base = { trace_id: result.traceId, request_id: koa.state.requestId as string };
    if (result.status !== 'block') {
      koa.body = { verdict: 'allow', ...base };
      return;
    }
    const reason = reasonOf(result.findings);
    koa.body =
      event.hook_event_name === 'PreToolUse'
        ? { verdict: 'deny', reason, ...base, hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } }
        : { verdict: 'deny', reason, ...base, decision: 'block' };
  });
}
