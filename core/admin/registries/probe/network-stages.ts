/**
 * The network stages of a registry test, each a separate step so the operator learns where a
 * connection breaks: name resolution, TCP connect, then the TLS handshake (https only).
 */
import { lookup } from 'node:dns/promises';
import { isIP, connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { ProbeFailure } from './probe-result.js';

const STAGE_TIMEOUT_MS = 5_000;

function withTimeout<T>(promise: Promise<T>, what: string, stage: ProbeFailure['stage']): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeFailure(stage, `${what} timed out after ${STAGE_TIMEOUT_MS} ms`)), STAGE_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Resolves the host. `.invalid` names fail at once without a query (RFC 6761 section 6.4). */
export async function resolveHost(hostname: string): Promise<string> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return host;
  if (/(^|\.)invalid\.?$/i.test(host)) throw new ProbeFailure('resolve', `cannot resolve ${host}: .invalid names never resolve`);
  try {
    return (await withTimeout(lookup(host), `resolving ${host}`, 'resolve')).address;
  } catch (err) {
    if (err instanceof ProbeFailure) throw err;
    throw new ProbeFailure('resolve', `cannot resolve ${host}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
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
