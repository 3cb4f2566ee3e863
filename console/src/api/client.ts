/**
 * The console's one fetch client. It knows the three base URLs (admin: this page's origin;
 * guardrail and proxy: from `/console/config.json`), sends JSON with the bearer token kept in
 * memory by the session, and turns every failure into an `ApiError`.
 */
import { ApiError, apiErrorOf } from './api-error';

/** The planes the console talks to. */
export type Plane = 'admin' | 'guardrail' | 'proxy';

/** What the admin plane tells the console at `/console/config.json`. */
export interface ConsoleConfig {
  guardrail_url: string | null;
  proxy_url: string | null;
}

/** A paginated admin or guardrail listing. */
export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
}

/** One answer: status, headers (for trace and request ids) and the parsed JSON body. */
export interface ApiAnswer<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Replaces the session's token for this call (the playground sends a consumer key). */
  bearer?: string;
  headers?: Record<string, string>;
}

/** Loads the console's config from the admin plane (no token needed). */
export async function loadConsoleConfig(): Promise<ConsoleConfig> {
  const response = await fetch(`${import.meta.env.BASE_URL}config.json`, { cache: 'no-store' });
  if (!response.ok) throw apiErrorOf(response.status, await response.json().catch(() => undefined));
  return (await response.json()) as ConsoleConfig;
}

/** The client: one instance per signed-in session. */
export class ApiClient {
  constructor(
    private readonly config: ConsoleConfig,
    private readonly token: () => string | null,
    /** Called when the API refuses the session's own token (401): it expired or was revoked. */
    private readonly onSessionRefused?: () => void,
  ) {}

  /** The base URL of a plane; an ApiError when this console was not told where it is. */
  baseUrl(plane: Plane): string {
    if (plane === 'admin') return window.location.origin;
    const url = plane === 'guardrail' ? this.config.guardrail_url : this.config.proxy_url;
    if (!url) throw new ApiError(0, 'plane_unknown', `this console does not know where the ${plane} plane is (see docs/console.md)`);
    return url;
  }

  /** Sends one request and answers its parsed body; an ApiError for any non-2xx answer or network failure. */
  async send<T>(plane: Plane, method: string, path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
    const url = new URL(path, this.baseUrl(plane));
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const bearer = options.bearer ?? this.token();
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), credentials: 'omit', cache: 'no-store' });
    } catch (err) {
      throw new ApiError(0, 'network_error', `could not reach ${url.origin}: ${(err as Error).message}`);
    }
    const text = await response.text();
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (response.status === 401 && options.bearer === undefined && plane !== 'proxy') this.onSessionRefused?.();
    if (!response.ok) throw apiErrorOf(response.status, body);
    return { status: response.status, headers: response.headers, body: body as T };
  }

  get<T>(path: string, query?: RequestOptions['query'], plane: Plane = 'admin'): Promise<T> {
    return this.send<T>(plane, 'GET', path, { query }).then((a) => a.body);
  }

  post<T>(path: string, body?: unknown, plane: Plane = 'admin'): Promise<T> {
    return this.send<T>(plane, 'POST', path, { body: body ?? {} }).then((a) => a.body);
  }

  patch<T>(path: string, body: unknown, plane: Plane = 'admin'): Promise<T> {
    return this.send<T>(plane, 'PATCH', path, { body }).then((a) => a.body);
  }

  put<T>(path: string, body?: unknown, plane: Plane = 'admin'): Promise<T> {
    return this.send<T>(plane, 'PUT', path, { body }).then((a) => a.body);
  }

  delete(path: string, plane: Plane = 'admin'): Promise<void> {
    return this.send<unknown>(plane, 'DELETE', path).then(() => undefined);
  }

  /** Every item of a paginated listing, following its pages (at most `maxItems`). */
  async all<T>(path: string, query: RequestOptions['query'] = {}, plane: Plane = 'admin', maxItems = 1000): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; items.length < maxItems; page++) {
      const answer = await this.get<Page<T>>(path, { ...query, page, size: 100 }, plane);
      for (const item of answer.items) items.push(item);
      if (answer.items.length === 0 || page * answer.size >= answer.total) break;
    }
    return items.slice(0, maxItems);
  }
}
