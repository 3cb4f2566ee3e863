/**
 * The network stages of a registry test, each a separate step so the operator learns where a
 * connection breaks: name resolution, TCP connect, then the TLS handshake (https only). An
 * address the egress policy refuses ends the test at `connect` without a connection.
 */
import type { LookupAddress } from 'node:dns';
import { isIP, connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { EgressPolicy } from '../../../http/egress-policy.js';
import { ProbeFailure } from './probe-result.js';

const STAGE_TIMEOUT_MS = 5_000;

function withTimeout<T>(promise: Promise<T>, what: string, stage: ProbeFailure['stage']): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeFailure(stage, `${what} timed out after ${STAGE_TIMEOUT_MS} ms`)), STAGE_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The policy's resolver, all addresses of `host`. */
function resolveAll(policy: EgressPolicy, host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => policy.lookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));
}

/**
 * Resolves the host, with the egress policy's resolver, to the address the test connects to.
 * `.invalid` names fail at once without a query (RFC 6761 section 6.4). An address the egress
 * policy refuses fails the `connect` stage before any connection is opened (the same check the
 * HTTP call then makes on its own connection).
 */
export async function resolveHost(hostname: string, policy: EgressPolicy): Promise<string> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const refusal = policy.refusalOfConnection(host);
    if (refusal) throw new ProbeFailure('connect', refusal);
    return host;
  }
  if (/(^|\.)invalid\.?$/i.test(host)) throw new ProbeFailure('resolve', `cannot resolve ${host}: .invalid names never resolve`);
  let addresses: LookupAddress[];
  try {
    addresses = await withTimeout(resolveAll(policy, host), `resolving ${host}`, 'resolve');
  } catch (err) {
    if (err instanceof ProbeFailure) throw err;
    throw new ProbeFailure('resolve', `cannot resolve ${host}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const { usable, refusal } = policy.admitResolved(host, addresses);
  if (refusal) throw new ProbeFailure('connect', refusal);
  if (usable.length === 0) throw new ProbeFailure('resolve', `cannot resolve ${host}: no address`);
  return usable[0].address;
}

function settle(socket: Socket, event: 'connect' | 'secureConnect'): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once(event, () => resolve());
    socket.once('error', reject);
  });
}

/** Opens (and closes) a TCP connection. */
export async function connectTcp(address: string, port: number): Promise<void> {
  const socket = tcpConnect({ host: address, port });
  try {
    await withTimeout(settle(socket, 'connect'), `connecting to ${address}:${port}`, 'connect');
  } catch (err) {
    if (err instanceof ProbeFailure) throw err;
    throw new ProbeFailure('connect', `cannot connect to ${address}:${port}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  } finally {
    socket.destroy();
  }
}

/** Completes a TLS handshake, verifying the certificate against `servername`. */
export async function handshakeTls(address: string, port: number, servername: string): Promise<void> {
  const socket = tlsConnect({ host: address, port, servername: isIP(servername) ? undefined : servername, rejectUnauthorized: true });
  try {
    await withTimeout(settle(socket, 'secureConnect'), `TLS handshake with ${servername}`, 'tls');
  } catch (err) {
    if (err instanceof ProbeFailure) throw err;
    throw new ProbeFailure('tls', `TLS handshake with ${servername} failed: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  } finally {
    socket.destroy();
  }
}
