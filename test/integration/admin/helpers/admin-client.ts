/**
 * An HTTP client for the admin plane that records every response: each one is validated
 * against the served OpenAPI document, and checked against the secrets the test has
 * registered (upstream keys, vault secrets, `ag_` keys after their creation response, key
 * hashes), none of which may ever come back.
 */
import { expect } from 'chai';
import type { OpenApiValidator } from './openapi-validator.js';

export interface AdminResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  /** A raw body sent as is (malformed JSON tests). */
  raw?: string;
  headers?: Record<string, string>;
  /** Send no Authorization header. */
  anonymous?: boolean;
}

/** Secrets that must never appear in an admin response or a log line. */
export class SecretList {
  private readonly values = new Set<string>();
  add(...values: string[]): void {
    for (const value of values) if (value) this.values.add(value);
  }
  /** The registered secrets found in `text`. */
  foundIn(text: string): string[] {
    return [...this.values].filter((secret) => text.includes(secret));
  }
}

export class AdminClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string | undefined,
    readonly validator: OpenApiValidator,
    readonly secrets: SecretList,
  ) {}

  /** The same recorder with another token. */
  as(token: string | undefined): AdminClient {
    return new AdminClient(this.baseUrl, token, this.validator, this.secrets);
  }

  async request<T = any>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<AdminResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.token && !options.anonymous) headers.authorization = `Bearer ${this.token}`;
    let payload: string | undefined = options.raw;
    if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    const text = await response.text();
    const leaked = this.secrets.foundIn(text);
    expect(leaked, `${method} ${path} answered a stored secret`).to.deep.equal([]);
    const contentType = response.headers.get('content-type');
    const parsed: unknown = text && contentType?.includes('json') ? JSON.parse(text) : text || undefined;
    this.validator.check(method, path, response.status, contentType, parsed);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, body, options);
  }
  patch<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, body, options);
  }
  put<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, body, options);
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, undefined, options);
  }

  /** Asserts the status, returning the body. */
  static expectStatus<T>(response: AdminResponse<T>, status: number): T {
    expect(response.status, JSON.stringify(response.body)).to.equal(status);
    return response.body;
  }

  /** Asserts a 422 `validation_failed` whose message names `field`. */
  static expectRefusal(response: AdminResponse, field: string): void {
    expect(response.status, JSON.stringify(response.body)).to.equal(422);
    expect((response.body as { error: string }).error).to.equal('validation_failed');
    expect((response.body as { message: string }).message).to.contain(field);
  }
}
