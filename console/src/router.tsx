/**
 * The console's router: paths under `/console/` (the admin plane answers index.html for every
 * one, so deep links and reloads land on the right page), History API navigation, and `:name`
 * parameters. The route table itself is in app.tsx.
 */
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** The base path the console is served under, without its trailing slash. */
const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

/** The console path of the current location (`/gateways/123`), without the base. */
export function currentPath(): string {
  const path = window.location.pathname.startsWith(BASE) ? window.location.pathname.slice(BASE.length) : window.location.pathname;
  return path === '' ? '/' : path;
}

/** The full URL path of a console path. */
export function href(path: string): string {
  return `${BASE}${path}`;
}

const listeners = new Set<() => void>();

/** Goes to a console path (`/gateways`), adding a history entry unless `replace`. */
export function navigate(path: string, replace = false): void {
  if (replace) window.history.replaceState(null, '', href(path));
  else window.history.pushState(null, '', href(path));
  for (const listener of listeners) listener();
}

/** The current console path and query, re-rendering on navigation and on Back/Forward. */
export function useLocation(): { path: string; query: URLSearchParams } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const changed = () => setTick((n) => n + 1);
    listeners.add(changed);
    window.addEventListener('popstate', changed);
    return () => {
      listeners.delete(changed);
      window.removeEventListener('popstate', changed);
    };
  }, []);
  return { path: currentPath(), query: new URLSearchParams(window.location.search) };
}

/** The parameters of `path` when it matches `pattern` (`/gateways/:gatewayId`), else undefined. */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = decodeURIComponent(got[i]);
    else if (want[i] !== got[i]) return undefined;
  }
  return params;
}

/** An in-console link: a real `<a href>` (open in new tab works) that navigates without a reload. */
export function Link(props: { to: string; children: ComponentChildren; class?: string; 'aria-current'?: 'page'; onClick?(): void }): JSX.Element {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    props.onClick?.();
    navigate(props.to);
  };
  return (
    <a class={props.class} aria-current={props['aria-current']} href={href(props.to)} onClick={onClick}>
      {props.children}
    </a>
  );
}
