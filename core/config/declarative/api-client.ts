/**
 * The HTTP client declarative apply and export use: the public admin and guardrail APIs with an
 * admin token, nothing else. Lists are read page by page; an error answer becomes one line naming
 * the call and the API's `{error, message}` (never the token or a request body).
 */

/** A record as the admin or guardrail API returns it. */
export type ApiRecord = Record<string, unknown> & { id: string };

/** Where the APIs are and the token that opens them. */
export interface ApiEndpoints {
  adminUrl: string;
  guardrailUrl: string;
  token: string;
}

/** A call the API refused or that could not be made. */
export class ApiCallError extends Error {
  /** The answer's HTTP status; undefined when the API did not answer. */
  constructor(message: string, readonly status?: number) {
    super(message);
  }
}

const PAGE_SIZE = 100;
const TIMEOUT_MS = 30_000;

/** Calls the admin and guardrail APIs with the admin token. */
export class ConfigApiClient {
  /** `onWarning` hears the `warnings` a write answer carries (a guardrails policy that would guard nothing, tools not checked). */
  constructor(
    private readonly endpoints: ApiEndpoints,
    private readonly onWarning: (line: string) => void = () => undefined,
  ) {}

  /** Every record of a paginated admin list (`/v1/gateways/{id}/registries`). */
  listAdmin(path: string): Promise<ApiRecord[]> {
    return this.listAll(this.endpoints.adminUrl, path);
  }

  /** Every record of a paginated guardrail list (`/v1/collectors`). */
  listGuardrail(path: string): Promise<ApiRecord[]> {
    return this.listAll(this.endpoints.guardrailUrl, path);
  }

  /** One admin API call; resolves to the answer's JSON body, throws ApiCallError on an error answer. */
  admin(method: string, path: string, body?: unknown): Promise<ApiRecord> {
    return this.call(this.endpoints.adminUrl, method, path, body);
  }

  /** One admin API GET of a record that may not exist (a gateway's OAuth configuration): undefined on 404. */
  async findAdmin(path: string): Promise<ApiRecord | undefined> {
    try {
      return await this.call(this.endpoints.adminUrl, 'GET', path);
    } catch (err) {
      if (err instanceof ApiCallError && err.status === 404) return undefined;
      throw err;
    }
  }

  /** One guardrail API call, as `admin`. */
  guardrail(method: string, path: string, body?: unknown): Promise<ApiRecord> {
    return this.call(this.endpoints.guardrailUrl, method, path, body);
  }

  private async listAll(base: string, path: string): Promise<ApiRecord[]> {
    const records: ApiRecord[] = [];
    for (let page = 1; ; page++) {
      const answer = (await this.call(base, 'GET', `${path}?page=${page}&size=${PAGE_SIZE}`)) as unknown as { items: ApiRecord[]; total: number };
      for (const item of answer.items) records.push(item);
      if (answer.items.length < PAGE_SIZE || records.length >= answer.total) return records;
    }
  }

  private async call(base: string, method: string, path: string, body?: unknown): Promise<ApiRecord> {
    let res: Response;
    try {
      res = await fetch(new URL(path, base), {
        method,
        headers: { authorization: `Bearer ${this.endpoints.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ApiCallError(`${method} ${path}: ${base} did not answer (${(err as Error).message})`);
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = undefined;
    }
    if (!res.ok) {
      const error = parsed as { error?: string; message?: string } | undefined;
      throw new ApiCallError(`${method} ${path} answered ${res.status}${error?.error ? ` ${error.error}: ${error.message}` : ''}`, res.status);
    }
    const warnings = (parsed as { warnings?: Array<{ code?: string; message?: string }> } | undefined)?.warnings;
    if (method !== 'GET' && Array.isArray(warnings)) for (const w of warnings) this.onWarning(`warning: ${method} ${path}: ${w.code}: ${w.message}`);
    return (parsed ?? {}) as ApiRecord;
  }
}
