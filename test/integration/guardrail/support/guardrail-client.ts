/**
 * A small HTTP client for guardrail integration tests: management calls with an admin token,
 * evaluations with a collector key, and helpers to set up a collector with a key and a policy.
 */
import { expect } from 'chai';
import { mintAdminToken } from '../../../../core/admin/auth/admin-token.js';
import type { TestGateway } from '../../../../core/testing/index.js';

export interface JsonResponse<T = Record<string, any>> {
  status: number;
  body: T;
  headers: Headers;
}

export class GuardrailClient {
  private constructor(
    readonly base: string,
    private readonly token: string,
  ) {}

  /** A client for the guardrail plane of `gateway`, acting as a tenant admin of `tenantId`. */
  static async for(gateway: TestGateway, tenantId = 't-1', base = gateway.urls.guardrail!): Promise<GuardrailClient> {
    const token = await mintAdminToken(gateway.jwtSecret, { sub: `admin-${tenantId}`, tenantId, roles: ['tenant_admin'] });
    return new GuardrailClient(base, token);
  }

  async raw(method: string, path: string, init: { body?: unknown; text?: string; headers?: Record<string, string> } = {}): Promise<JsonResponse> {
    const headers: Record<string, string> = { ...init.headers };
    let body: string | undefined = init.text;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${this.base}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: any;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /** A management call with the admin token. */
  admin(method: string, path: string, body?: unknown): Promise<JsonResponse> {
    return this.raw(method, path, { body, headers: { authorization: `Bearer ${this.token}` } });
  }

  /** `POST /v1/evaluate` (or another evaluate path) with a collector key. */
  evaluate(key: string | undefined, body: unknown, path = '/v1/evaluate'): Promise<JsonResponse> {
    return this.raw('POST', path, { body, headers: key === undefined ? {} : { authorization: `Bearer ${key}` } });
  }

  /** Creates a collector and a key; returns both ids and the key. */
  async collectorWithKey(type = 'rest_api', name = `collector ${type}`): Promise<{ collectorId: string; keyId: string; key: string }> {
    const collector = await this.admin('POST', '/v1/collectors', { name, type });
    expect(collector.status, JSON.stringify(collector.body)).to.equal(201);
    const key = await this.admin('POST', `/v1/collectors/${collector.body.id}/keys`, { name: 'test' });
    expect(key.status, JSON.stringify(key.body)).to.equal(201);
    return { collectorId: collector.body.id, keyId: key.body.id, key: key.body.key };
  }

  /** Creates a guardrail policy; fails the test when it is refused. */
  async policy(fields: Record<string, unknown>): Promise<Record<string, any>> {
    const created = await this.admin('POST', '/v1/policies', { name: 'policy', ...fields });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    return created.body;
  }
}

/** The detector rule used for deterministic blocks: a denied keyword. */
export const keywordRule = (keyword: string, action: 'monitor' | 'block' = 'block', direction: 'input' | 'output' | 'both' = 'input') => ({
  detector: 'topic_keyword_moderation',
  direction,
  action,
  settings: { keywords: [keyword] },
});

/** The masking rule: PII and secrets replaced by typed tokens. */
export const maskRule = (direction: 'input' | 'output' | 'both' = 'input', action: 'monitor' | 'block' | 'transform' = 'transform') => ({
  detector: 'data_loss_prevention',
  direction,
  action,
});
