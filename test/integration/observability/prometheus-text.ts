/**
 * Reads Prometheus text exposition (https://prometheus.io/docs/instrumenting/exposition_formats/)
 * into samples, so tests can look metrics up by name and a subset of labels.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key] = value.replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** Sum of the samples of `name` whose labels include `labels`. */
export function sumOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);
}

/** The metrics token the observability tests start their gateways with (PORTCULLIS_METRICS_TOKEN). */
export const TEST_METRICS_TOKEN = 'metrics-token-for-tests-0123456789abcdef';

/** Fetches `/metrics` from a plane's base URL, presenting `token` (the test metrics token by default; `null` for none). */
export async function scrape(base: string, token: string | null = TEST_METRICS_TOKEN): Promise<{ status: number; contentType: string | null; text: string; samples: Sample[] }> {
  const res = await fetch(`${base}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type'), text, samples: parseSamples(text) };
}
