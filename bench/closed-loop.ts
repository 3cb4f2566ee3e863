/** Closed-loop saturation with autocannon: fixed connections and duration, loopback only. */
import autocannon from 'autocannon';
import { bodySource, type RequestBodies } from './body-cycle.js';

export interface SaturationResult {
  rps: number;
  /** Requests answered in the run. */
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Saturates `url` with `body`, or with several bodies in turn (see RequestBodies). */
export async function saturate(url: string, body: RequestBodies, headers: Record<string, string>, durationSec: number, connections = 32): Promise<SaturationResult> {
  const nextBody = bodySource(body);
  const requests = [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: nextBody() }) }];
  const result = await autocannon({ url, method: 'POST', headers, duration: durationSec, connections, pipelining: 1, requests });
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
