/**
 * Identity providers' documents (OIDC discovery, JSON Web Key Sets) fetched with a bound on their
 * size: a provider that sends without end fails the fetch instead of growing the process. jose
 * reads a key set whole, so its fetch is this one.
 */
import { createRemoteJWKSet, customFetch } from 'jose';
import type { Dispatcher } from 'undici';
import { readResponseText } from '../http/bounded-read.js';
import { egressFetch } from '../http/egress-dispatcher.js';

/** The most bytes of a discovery document or key set read; real ones are a few KB. */
export const MAX_IDENTITY_DOCUMENT_BYTES = 1024 * 1024;

/**
 * fetch, with the answer read to MAX_IDENTITY_DOCUMENT_BYTES; a longer one rejects. With a
 * `dispatcher` (the egress policy's, for a tenant's identity provider) every connection,
 * redirects included, goes through it; without one (an operator-configured URL) the global fetch.
 */
export async function fetchIdentityDocument(url: string, init: RequestInit, dispatcher?: Dispatcher): Promise<Response> {
  const response = await (dispatcher ? egressFetch(dispatcher) : fetch)(url, init);
  const text = await readResponseText(response, MAX_IDENTITY_DOCUMENT_BYTES, `the answer of ${url}`);
  return new Response(text, { status: response.status, headers: { 'content-type': response.headers.get('content-type') ?? 'application/json' } });
}

/** A remote key set (jose's, cached and refreshed as jose does) whose fetches are bounded, and go through `dispatcher` when given. */
export const remoteKeySet = (url: URL, dispatcher?: Dispatcher) =>
  createRemoteJWKSet(url, { [customFetch]: (target: string, init: RequestInit) => fetchIdentityDocument(target, init, dispatcher) });
