/**
 * The operations besides chat that spend (embeddings, rerank, images, audio). They carry no
 * canonical request to estimate, so admission reserves one unit: enough for a budget already
 * spent to refuse them, while the answer's reported usage (set on the exchange by each
 * operation) is what settlement charges. Files and model lists spend nothing and are not gated.
 */
import type { Exchange } from '../../core/plugin/index.js';
import type { BilledTokens } from './cost.js';

const SPENDING_OPERATIONS: ReadonlySet<Exchange['operation']> = new Set(['embeddings', 'rerank', 'images', 'audio']);

/** Whether `ctx` is a non-chat operation whose spend a budget counts. */
export function isSpendingOperation(ctx: Exchange): boolean {
  return SPENDING_OPERATIONS.has(ctx.operation);
}

/** What a non-chat operation reserves: one unit, whatever the unit (see the module comment). */
export const OPERATION_RESERVATION = 1;

/** A non-chat operation's estimate: nothing to count before the answer. */
export const NO_ESTIMATE: BilledTokens = { input: 0, output: 0 };

const PIN = /^@[^/]+\//;

/** The model a non-chat request names (its JSON body's `model`, a registry pin removed), else ''. */
export function operationModel(ctx: Exchange): string {
  const body = ctx.incoming.body;
  if (!body || typeof body !== 'object' || Buffer.isBuffer(body)) return '';
  const model = (body as { model?: unknown }).model;
  return typeof model === 'string' && model !== 'auto' ? model.replace(PIN, '') : '';
}
