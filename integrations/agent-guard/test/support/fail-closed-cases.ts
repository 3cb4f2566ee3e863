/**
 * Every answer spec 4.5 says must fail closed, whatever `unreachable_fallback` says, as a
 * function of the evaluate body received. The transform cases assume an input conversation whose
 * first message is a user message and whose second is an assistant message with one tool call.
 */
import { type Answer, verdictAnswer } from './answering-service.js';

export interface FailClosedCase {
  name: string;
  answer: (body: Record<string, any>) => Answer;
  /** The GuardrailBlockedError's reason. */
  reason: 'fail_closed' | 'unappliable' | 'ask';
}

/** A transform whose payload is the one sent, changed by `change` (on a deep copy). */
const transformed = (change: (payload: Record<string, any>) => void) => (body: Record<string, any>) => {
  const payload = structuredClone(body.payload);
  change(payload);
  return verdictAnswer('transform', { transformed_payload: payload });
};

export const FAIL_CLOSED_CASES: readonly FailClosedCase[] = [
  { name: '401 (key not valid)', answer: () => ({ status: 401, body: { error: 'unauthorized', message: 'no' } }), reason: 'fail_closed' },
  { name: '403 (key inactive)', answer: () => ({ status: 403, body: { error: 'forbidden', message: 'no' } }), reason: 'fail_closed' },
  { name: '503 entitlement failure', answer: () => ({ status: 503, body: { error: 'entitlement_required', message: 'no plan' } }), reason: 'fail_closed' },
  { name: 'another 4xx (400)', answer: () => ({ status: 400, body: { error: 'invalid_request', message: 'bad' } }), reason: 'fail_closed' },
  { name: 'another 5xx (500)', answer: () => ({ status: 500, body: { error: 'internal', message: 'bad' } }), reason: 'fail_closed' },
  { name: 'a 200 that is not JSON', answer: () => ({ status: 200, text: 'all good' }), reason: 'fail_closed' },
  { name: 'an unknown verdict', answer: () => verdictAnswer('maybe'), reason: 'fail_closed' },
  { name: 'ask', answer: () => verdictAnswer('ask'), reason: 'ask' },
  { name: 'a transform with a different message count', answer: transformed((p) => p.messages.pop()), reason: 'unappliable' },
  { name: 'a transform that changes a role', answer: transformed((p) => (p.messages[0].role = 'system')), reason: 'unappliable' },
  { name: 'a transform that rewrites a tool name', answer: transformed((p) => (p.messages[1].tool_calls[0].function.name = 'wire_money')), reason: 'unappliable' },
  { name: 'a transform that rewrites a tool call id', answer: transformed((p) => (p.messages[1].tool_calls[0].id = 'call_other')), reason: 'unappliable' },
  {
    name: 'a transform that injects a non-text block',
    answer: transformed((p) => (p.messages[0].content = [{ type: 'text', text: String(p.messages[0].content) }, { type: 'image_url', image_url: { url: 'https://example.com/x.png' } }])),
    reason: 'unappliable',
  },
  { name: 'a transform without transformed_payload', answer: () => verdictAnswer('transform'), reason: 'unappliable' },
];
