/**
 * Where the console's browser code finds the other planes, and which browser origin is the
 * console's: both derived from the host name the browser used and the ports this process
 * listens on, unless settings name them (a deployment behind a reverse proxy).
 */
import type { Plane, Settings } from '../../config/settings.js';

/** What the console's serving and CORS need to know about this process. */
export interface ConsolePlanes {
  settings: Pick<Settings, 'publicGuardrailUrl' | 'publicProxyUrl' | 'consoleOrigin'>;
  /** The ports the planes of this process listen on, filled in as each one starts listening. */
  ports: Readonly<Partial<Record<Plane, number>>>;
}

/** The public base URLs the console calls: `null` for a plane this process neither runs nor was told about. */
export interface ConsolePublicUrls {
  guardrail_url: string | null;
  proxy_url: string | null;
}

/** The request the URLs are derived from: scheme and host name (without port) the browser used. */
export interface RequestHost {
  protocol: string;
  hostname: string;
}

function originOf(request: RequestHost, port: number): string {
  const host = request.hostname.includes(':') ? `[${request.hostname}]` : request.hostname;
  return `${request.protocol}://${host}:${port}`;
}

function planeUrl(planes: ConsolePlanes, plane: 'guardrail' | 'proxy', configured: string | undefined, request: RequestHost): string | null {
  if (configured) return configured;
  const port = planes.ports[plane];
  return port === undefined ? null : originOf(request, port);
}

/** The guardrail and proxy base URLs for a console loaded from `request`'s host. */
export function consolePublicUrls(planes: ConsolePlanes, request: RequestHost): ConsolePublicUrls {
  return {
    guardrail_url: planeUrl(planes, 'guardrail', planes.settings.publicGuardrailUrl, request),
    proxy_url: planeUrl(planes, 'proxy', planes.settings.publicProxyUrl, request),
  };
}

/**
 * Whether `origin` is the console's: the configured console origin, else the admin plane of
 * this process reached under the same host name as this request.
 */
export function isConsoleOrigin(planes: ConsolePlanes, origin: string, request: RequestHost): boolean {
  if (planes.settings.consoleOrigin) return origin === planes.settings.consoleOrigin;
  const adminPort = planes.ports.admin;
  if (adminPort === undefined) return false;
  return origin === originOf({ protocol: 'http', hostname: request.hostname }, adminPort) || origin === originOf({ protocol: 'https', hostname: request.hostname }, adminPort);
}
