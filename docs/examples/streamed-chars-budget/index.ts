/**
 * `streamed_chars_budget`: an example third-party plugin (quoted in docs/plugins.md) showing the
 * two hardest parts of the contract, a stream hook and a counter. Each consumer may receive at
 * most `max_chars` characters of answer text per `per_seconds`. Streamed answers are counted as
 * they are relayed, window by window; the window that would pass the budget stops the stream
 * (the client gets the failure event, not that window's text). Once the budget is spent, the
 * next request is refused at `admit` with 429 until the counter's window ends.
 */
import { definePlugin, STAGE, type Exchange, type StreamWindow } from 'portcullis/plugin';

interface Settings {
  max_chars: number;
  per_seconds: number;
  window_chars: number;
}

const NAME = 'streamed_chars_budget';

const schema = {
  $id: 'https://example.org/schemas/streamed_chars_budget.schema.json',
  title: 'StreamedCharsBudgetSettings',
  type: 'object',
  additionalProperties: false,
  required: ['max_chars'],
  properties: {
    max_chars: { type: 'integer', minimum: 1, description: 'Characters of answer text a consumer may receive per period.' },
    per_seconds: { type: 'integer', minimum: 1, default: 3600, description: 'Length of the period, in seconds.' },
    window_chars: { type: 'integer', minimum: 1, default: 50, description: 'Count the stream each time it grew by this many characters (and at its end).' },
  },
  examples: [{ max_chars: 20000, per_seconds: 3600, window_chars: 50 }],
};

/** Per request: how much of this stream is already counted. */
interface Progress {
  counted: number;
}

export default definePlugin<Settings>({
  kind: 'plugin',
  name: NAME,
  version: '1.0.0',
  coreApi: '^1.1.0',
  schemaId: schema.$id,
  schema,
  category: 'policy',
  stages: ['admit', 'checkStream'],
  // Count streams as they are relayed (buffering them would delay every first byte).
  streamPolicy: 'window',
  setup(hooks, kit) {
    const { max_chars, per_seconds, window_chars } = kit.config();
    const ttlMs = per_seconds * 1000;
    // One counter per policy and consumer; the counter store scopes nothing for you.
    const counterOf = (ctx: Exchange) => `${NAME}:${kit.policy.id}:${ctx.consumer?.id}`;

    hooks.admit.tapPromise({ name: NAME, stage: STAGE.BUDGET }, async (ctx: Exchange) => {
      if ((await kit.counters.get(counterOf(ctx))) < max_chars) return undefined;
      return kit.reject('rate_limited', { message: `streamed character budget of ${max_chars} spent`, retryAfter: per_seconds });
    });

    hooks.checkStream.tapPromise({ name: NAME, stage: STAGE.BUDGET }, async (window: StreamWindow, ctx: Exchange) => {
      const progress = kit.state<Progress>(ctx);
      progress.counted ??= 0;
      const added = window.text().length - progress.counted;
      // Count in windows, not per event: one counter call per `window_chars` characters.
      if (added <= 0 || (added < window_chars && !window.finished)) return undefined;
      const result = await kit.counters.add(counterOf(ctx), added, ttlMs, max_chars);
      if (!result.applied) {
        // The rest of the budget is spent too: the next request is refused at admit.
        await kit.counters.add(counterOf(ctx), max_chars - result.value, ttlMs);
        return `streamed character budget of ${max_chars} spent`;
      }
      progress.counted += added;
      return undefined;
    });
  },
});
