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

/** Fetches `/metrics` from a plane's base URL. */
export async function scrape(base: string): Promise<{ status: number; contentType: string | null; text: string; samples: Sample[] }> {
  const res = await fetch(`${base}/metrics`);
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type'), text, samples: parseSamples(text) };
}
