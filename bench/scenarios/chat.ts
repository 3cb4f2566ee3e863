/** Pass-through chat, translated chat and streaming: gateway against the direct path. */
import { anthropicMessages, openaiChat } from '../bodies.js';
import { compare } from '../compare.js';
import type { BenchContext, ScenarioResult } from '../context.js';

const json = { 'content-type': 'application/json' };
const round = (x: number | undefined, digits = 2) => (x === undefined || Number.isNaN(x) ? undefined : Number(x.toFixed(digits)));

export async function chatScenarios(ctx: BenchContext): Promise<ScenarioResult[]> {
  const { settings, upstreamUrl } = ctx;
  const gw = await ctx.gateway({ consumers: 10 });
  const auth = { ...json, authorization: `Bearer ${gw.key}` };
  const base = `${gw.urls.proxy}/${gw.slug}`;
  const results: ScenarioResult[] = [];
  try {
    const passthrough = await compare(
      { url: `${upstreamUrl}/v1/chat/completions`, body: openaiChat(), headers: json },
      { url: `${base}/v1/chat/completions`, body: openaiChat(), headers: auth },
      { rate: settings.rate, durationMs: settings.durationMs, repeats: settings.repeats, saturation: true },
    );
    const translated = await compare(
      { url: `${upstreamUrl}/v1/messages`, body: anthropicMessages(), headers: json },
      { url: `${base}/v1/messages`, body: anthropicMessages(), headers: { ...auth, 'anthropic-version': '2023-06-01' } },
      { rate: settings.rate, durationMs: settings.durationMs, repeats: settings.repeats, saturation: true },
    );
    const row = (scenario: string, c: typeof passthrough) => ({
      scenario,
      direct_p50_ms: round(c.direct.latency.p50),
      gateway_p50_ms: round(c.gateway.latency.p50),
      added_p50_ms: round(c.addedP50),
      added_p99_ms: round(c.addedP99),
      direct_rps: round(c.direct.saturation?.rps, 0),
      gateway_rps: round(c.gateway.saturation?.rps, 0),
      rps_ratio: round(c.rpsRatio, 3),
      errors: c.errors,
    });
    results.push({ scenario: 'chat', rows: [row('pass-through (OpenAI -> OpenAI)', passthrough), row('translated (Anthropic -> OpenAI)', translated)] });

    const streamRate = Math.min(settings.rate, 100);
    const ttfb = await compare(
      { url: `${upstreamUrl}/v1/chat/completions`, body: openaiChat(true), headers: json },
      { url: `${base}/v1/chat/completions`, body: openaiChat(true), headers: auth },
      { rate: streamRate, durationMs: settings.durationMs, repeats: settings.repeats, firstByteOnly: true },
    );
    const whole = await compare(
      { url: `${upstreamUrl}/v1/chat/completions`, body: openaiChat(true), headers: json },
      { url: `${base}/v1/chat/completions`, body: openaiChat(true), headers: auth },
      { rate: streamRate, durationMs: settings.durationMs, repeats: settings.repeats },
    );
    const chunks = Number(process.env.BENCH_CHUNKS ?? 20);
    results.push({
      scenario: 'streaming',
      rows: [
        { measure: 'time to first byte', direct_p50_ms: round(ttfb.direct.latency.p50), added_p50_ms: round(ttfb.addedP50), added_p99_ms: round(ttfb.addedP99), errors: ttfb.errors },
        { measure: `whole stream (${chunks} chunks)`, direct_p50_ms: round(whole.direct.latency.p50), added_p50_ms: round(whole.addedP50), added_p99_ms: round(whole.addedP99), errors: whole.errors },
        { measure: 'added per chunk', added_p50_ms: round((whole.addedP50 - ttfb.addedP50) / chunks, 4) },
      ],
    });
  } finally {
    await gw.stop();
  }
  return results;
}
