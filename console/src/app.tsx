/**
 * The console: loads its config, shows sign-in until a token is accepted, then the layout
 * (banner, navigation listing every area, main) around the page the route table picks.
 * To add a page: write it under pages/<area>/ and give it a row in ROUTES (console/README.md).
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError } from './api/api-error';
import { ApiClient, loadConsoleConfig, type ConsoleConfig } from './api/client';
import type { Gateway } from './api/records';
import { SessionContext, signedInWith, type Session, type SignedIn } from './api/session';
import { ActivityPage } from './pages/activity/activity-page';
import { ConnectionsPage } from './pages/connections/connections-page';
import { ConsumerPage } from './pages/consumers/consumer-page';
import { ConsumersPage } from './pages/consumers/consumers-page';
import { GatewayPage } from './pages/gateways/gateway-page';
import { GatewaysPage } from './pages/gateways/gateways-page';
import { CollectorPage } from './pages/guardrails/collector-page';
import { CollectorsPage } from './pages/guardrails/collectors-page';
import { GuardrailPoliciesPage } from './pages/guardrails/policies-page';
import { GuardrailPolicyPage } from './pages/guardrails/policy-page';
import { PlaygroundPage } from './pages/playground/playground-page';
import { PoliciesPage } from './pages/policies/policies-page';
import { PolicyPage } from './pages/policies/policy-page';
import { RegistriesPage } from './pages/registries/registries-page';
import { RolePage } from './pages/roles/role-page';
import { RolesPage } from './pages/roles/roles-page';
import { UsagePage } from './pages/usage/usage-page';
import { VaultPage } from './pages/vault/vault-page';
import { SignInPage } from './pages/sign-in/sign-in-page';
import { Link, matchPath, navigate, useLocation } from './router';

/** The navigation groups, in the order they are listed. */
export type NavSection = 'Platform' | 'Gateway' | 'Guardrails';
const SECTIONS: readonly NavSection[] = ['Platform', 'Gateway', 'Guardrails'];

/** One page of the console. */
export interface RouteDef {
  /** `/gateways/:gatewayId/registries`: a `:gatewayId` route belongs to the gateway in the path. */
  path: string;
  title: string;
  page(params: Record<string, string>): JSX.Element;
  /** Listed in the navigation under this section (detail pages are not). */
  nav?: NavSection;
}

/** The route table: the one place pages are registered. The first match wins. */
export const ROUTES: readonly RouteDef[] = [
  { path: '/gateways', title: 'Gateways', nav: 'Platform', page: () => <GatewaysPage /> },
  { path: '/connections', title: 'Data-plane connections', nav: 'Platform', page: () => <ConnectionsPage /> },
  { path: '/gateways/:gatewayId', title: 'Gateway', page: (p) => <GatewayPage gatewayId={p.gatewayId} /> },
  { path: '/gateways/:gatewayId/registries', title: 'Registries', nav: 'Gateway', page: (p) => <RegistriesPage gatewayId={p.gatewayId} /> },
  { path: '/gateways/:gatewayId/consumers', title: 'Consumers', nav: 'Gateway', page: (p) => <ConsumersPage gatewayId={p.gatewayId} /> },
  { path: '/gateways/:gatewayId/consumers/:consumerId', title: 'Consumer', page: (p) => <ConsumerPage gatewayId={p.gatewayId} consumerId={p.consumerId} /> },
  { path: '/gateways/:gatewayId/policies', title: 'Policies', nav: 'Gateway', page: (p) => <PoliciesPage gatewayId={p.gatewayId} /> },
  { path: '/gateways/:gatewayId/policies/:policyId', title: 'Policy', page: (p) => <PolicyPage gatewayId={p.gatewayId} policyId={p.policyId} /> },
  { path: '/gateways/:gatewayId/roles', title: 'Roles', nav: 'Gateway', page: (p) => <RolesPage gatewayId={p.gatewayId} /> },
  { path: '/gateways/:gatewayId/roles/:roleId', title: 'Role', page: (p) => <RolePage gatewayId={p.gatewayId} roleId={p.roleId} /> },
  { path: '/gateways/:gatewayId/vault-credentials', title: 'Vault credentials', nav: 'Gateway', page: (p) => <VaultPage gatewayId={p.gatewayId} /> },
  { path: '/gateways/:gatewayId/usage', title: 'Usage and spend', nav: 'Gateway', page: (p) => <UsagePage gatewayId={p.gatewayId} /> },
  { path: '/gateways/:gatewayId/playground', title: 'Playground', nav: 'Gateway', page: (p) => <PlaygroundPage gatewayId={p.gatewayId} /> },
  { path: '/guardrails/collectors', title: 'Collectors', nav: 'Guardrails', page: () => <CollectorsPage /> },
  { path: '/guardrails/collectors/:collectorId', title: 'Collector', page: (p) => <CollectorPage collectorId={p.collectorId} /> },
  { path: '/guardrails/policies', title: 'Guardrail policies', nav: 'Guardrails', page: () => <GuardrailPoliciesPage /> },
  { path: '/guardrails/policies/:policyId', title: 'Guardrail policy', page: (p) => <GuardrailPolicyPage policyId={p.policyId} /> },
  { path: '/guardrails/activity', title: 'Activity', nav: 'Guardrails', page: () => <ActivityPage /> },
];

/** The route and its parameters for a path; undefined when none matches. */
function routeFor(path: string): { route: RouteDef; params: Record<string, string> } | undefined {
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return undefined;
}

/** Where a navigation entry leads: gateway areas go to the current gateway, or to the list to choose one. */
function navTarget(route: RouteDef, gatewayId: string | undefined): string {
  if (!route.path.includes(':gatewayId')) return route.path;
  const area = route.path.split('/').pop()!;
  return gatewayId ? route.path.replace(':gatewayId', encodeURIComponent(gatewayId)) : `/gateways?area=${area}`;
}

function Navigation(props: { path: string; gateway: Gateway | null; open: boolean; onNavigate(): void }): JSX.Element {
  return (
    <nav id="console-nav" class={`console-nav${props.open ? ' open' : ''}`} aria-label="Console">
      {SECTIONS.map((section) => (
        <div class="nav-section" key={section}>
          <h2 class="nav-heading">{section === 'Gateway' && props.gateway ? `Gateway ${props.gateway.slug}` : section}</h2>
          <ul>
            {ROUTES.filter((r) => r.nav === section).map((route) => {
              const to = navTarget(route, props.gateway?.id);
              const current = matchPath(route.path, props.path) !== undefined;
              return (
                <li key={route.path}>
                  <Link to={to} aria-current={current ? 'page' : undefined} onClick={props.onNavigate}>
                    {route.title}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function NotFound(props: { path: string }): JSX.Element {
  return (
    <article class="page">
      <h1 tabIndex={-1}>Page not found</h1>
      <p>
        Nothing at {props.path}. <Link to="/gateways">Go to the gateways</Link>.
      </p>
    </article>
  );
}

/** The signed-in layout. */
function Console(props: { session: Session }): JSX.Element {
  const { path } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [gateway, setGateway] = useState<Gateway | null>(null);
  const match = routeFor(path);
  const gatewayId = match?.params.gatewayId;

  useEffect(() => {
    if (path === '/' || path === '') navigate('/gateways', true);
  }, [path]);
  useEffect(() => {
    if (!gatewayId || gatewayId === gateway?.id) return;
    props.session.api.get<Gateway>(`/v1/gateways/${encodeURIComponent(gatewayId)}`).then(setGateway, () => setGateway(null));
  }, [gatewayId]);

  return (
    <div class="console">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="banner">
        <button type="button" class="menu-toggle" aria-expanded={menuOpen} aria-controls="console-nav" onClick={() => setMenuOpen(!menuOpen)}>
          Menu
        </button>
        <p class="brand">Portcullis console</p>
        <p class="who">
          Signed in as <span class="subject">{props.session.user.subject}</span>
        </p>
        <button type="button" onClick={props.session.signOut}>
          Sign out
        </button>
      </header>
      <div class="frame">
        <Navigation path={path} gateway={gateway} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
        <main id="main" tabIndex={-1}>
          {match ? match.route.page(match.params) : <NotFound path={path} />}
        </main>
      </div>
    </div>
  );
}

export function App(): JSX.Element {
  const [config, setConfig] = useState<ConsoleConfig | null>(null);
  const [configError, setConfigError] = useState<string | null>(null);
  const [user, setUser] = useState<SignedIn | null>(null);
  const [notice, setNotice] = useState<string | undefined>();

  useEffect(() => {
    loadConsoleConfig().then(setConfig, (err: ApiError) => setConfigError(err.message));
  }, []);

  const session = useMemo<Session | null>(() => {
    if (!config || !user) return null;
    const signOut = () => {
      setUser(null);
      setNotice('You are signed out.');
    };
    const api = new ApiClient(config, () => user.token, () => {
      setUser(null);
      setNotice('The API refused your token (it expired or was revoked): sign in again.');
    });
    return { config, api, user, signOut };
  }, [config, user]);

  if (configError) {
    return (
      <main id="main">
        <h1>Portcullis console</h1>
        <p role="alert">The console could not load its configuration: {configError}</p>
      </main>
    );
  }
  if (!config) {
    return (
      <main id="main">
        <h1>Portcullis console</h1>
        <p role="status">Loading…</p>
      </main>
    );
  }
  if (!session) return <SignInPage config={config} notice={notice} onSignedIn={(token) => setUser(signedInWith(token))} />;
  return (
    <SessionContext.Provider value={session}>
      <Console session={session} />
    </SessionContext.Provider>
  );
}
