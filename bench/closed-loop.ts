/** Closed-loop saturation with autocannon: fixed connections and duration, loopback only. */
import autocannon from 'autocannon';

export interface SaturationResult {
  rps: number;
  /** Requests answered in the run. */
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function saturate(url: string, body: string, headers: Record<string, string>, durationSec: number, connections = 32): Promise<SaturationResult> {
  const result = await autocannon({ url, method: 'POST', body, headers, duration: durationSec, connections, pipelining: 1 });
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
