/**
 * undici dispatchers that enforce the egress policy on every connection they open: the address
 * a host name resolves to is checked at connect time, so a name that resolves to an internal
 * address (or starts to, DNS rebinding) is refused, and so is every redirect a fetch follows
 * through them, since each hop connects through the same check. Node does not call `lookup` for a
 * literal IP, so literal hosts are checked before connecting.
 */
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { isIP, type Socket } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch, type Dispatcher } from 'undici';
import { EgressPolicy, EgressRefusedError } from './egress-policy.js';

/** What the gateway fetches with on a tenant's behalf: the policy and one shared checked dispatcher. */
export interface Egress {
  policy: EgressPolicy;
  dispatcher: Dispatcher;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for `net.connect` that resolves with the policy's resolver and drops refused addresses. */
function checkedLookup(policy: EgressPolicy) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void => {
    policy.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const { usable, refusal } = policy.admitResolved(hostname, addresses);
      if (refusal) return callback(new EgressRefusedError(refusal), []);
      if ((options as LookupAllOptions).all) return callback(null, usable);
      if (usable.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, usable[0].address, usable[0].family);
    });
  };
}

/** Agent options the egress agent takes: undici's, with `connect` limited to its plain options. */
export type EgressAgentOptions = Omit<Agent.Options, 'connect'> & { connect?: { timeout?: number } };

/** An undici Agent whose every connection obeys `policy`. */
export function egressAgent(policy: EgressPolicy, options: EgressAgentOptions = {}): Agent {
  const { connect: connectOptions, ...agentOptions } = options;
  const connector = buildConnector({ ...connectOptions, lookup: checkedLookup(policy) } as buildConnector.BuildOptions);
  const connect: buildConnector.connector = (target, callback) => {
    const refusal = isIP(target.hostname) ? policy.refusalOfConnection(target.hostname) : undefined;
    if (refusal) {
      callback(new EgressRefusedError(refusal), null);
      return;
    }
    connector(target, callback as (err: Error | null, socket: Socket | null) => void);
  };
  return new Agent({ ...agentOptions, connect });
}

/** The egress of one process: the policy and a shared checked agent for occasional fetches (probes, key sets, embeddings). */
export function createEgress(policy: EgressPolicy): Egress & { close(): Promise<void> } {
  const agent = egressAgent(policy, { connections: 16, keepAliveTimeout: 10_000 });
  return { policy, dispatcher: agent, close: () => agent.close() };
}

/** `fetch` through `dispatcher` (undici's fetch, the one that honours a dispatcher of this undici). */
export function egressFetch(dispatcher: Dispatcher): typeof fetch {
  return ((input: string | URL, init?: RequestInit) =>
    undiciFetch(input as never, { ...(init as object), dispatcher } as never)) as unknown as typeof fetch;
}

let fallback: (Egress & { close(): Promise<void> }) | undefined;

/**
 * The default-policy egress (nothing internal allowed) for code built without one (a bare
 * snapshot in a unit test): refusing is the safe default. Made once, on first use.
 */
export function defaultEgress(): Egress {
  fallback ??= createEgress(new EgressPolicy());
  return fallback;
}
