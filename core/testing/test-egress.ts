/**
 * The egress allow list of test gateways and fake kits: loopback only. Fake upstreams,
 * identity providers and MCP servers of tests listen on 127.0.0.1, which the default egress
 * policy refuses; everything else stays refused, as in production. A test of the policy itself
 * passes `egressAllow: []` to get the production default.
 */
import { createEgress, type Egress } from '../http/egress-dispatcher.js';
import { EgressPolicy } from '../http/egress-policy.js';

/** Loopback, IPv4 and IPv6. */
export const TEST_EGRESS_ALLOW: readonly string[] = ['127.0.0.0/8', '::1'];

let shared: Egress | undefined;

/** One loopback-allowing egress for unit tests (fake kits, direct client calls), made on first use. */
export function testEgress(): Egress {
  shared ??= createEgress(new EgressPolicy({ allow: TEST_EGRESS_ALLOW }));
  return shared;
}
