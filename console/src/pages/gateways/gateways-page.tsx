/** Gateways: the paged list, each linking to its page and its areas, and a create form. */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Page as Listing } from '../../api/client';
import type { Gateway } from '../../api/records';
import { useApi } from '../../api/session';
import { LiveStatus } from '../../components/live-status';
import { Page, Section } from '../../components/page';
import { PagedTable } from '../../components/paged-table';
import { Link, navigate, useLocation } from '../../router';
import { GatewayForm } from './gateway-form';

export function GatewaysPage(): JSX.Element {
  const api = useApi();
  const { query } = useLocation();
  const [reload, setReload] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  // A gateway area opened from the navigation before any gateway was chosen.
  const area = query.get('area');
  const target = (g: Gateway) => (area && /^[a-z-]+$/.test(area) ? `/gateways/${g.id}/${area}` : `/gateways/${g.id}`);
  return (
    <Page title="Gateways">
      {area && <p class="note">Choose the gateway whose {area.replace(/-/g, ' ')} you want to open.</p>}
      <PagedTable<Gateway>
        caption="Gateways"
        load={(page, size) => api.get<Listing<Gateway>>('/v1/gateways', { page, size })}
        rowKey={(g) => g.id}
        reloadKey={reload}
        empty="No gateway yet: create one below."
        columns={[
          { header: 'Slug', cell: (g) => <Link to={target(g)}>{g.slug}</Link> },
          { header: 'Name', cell: (g) => g.name ?? '' },
          { header: 'Tenant', cell: (g) => g.tenant_id },
          { header: 'Tier', cell: (g) => g.entitlements?.tier ?? '' },
        ]}
      />
      <Section title="Create a gateway">
        <GatewayForm
          submitLabel="Create gateway"
          onSaved={(g) => {
            setMessage(`Gateway ${g.slug} created.`);
            setReload((n) => n + 1);
            if (area) navigate(target(g));
          }}
        />
      </Section>
      <LiveStatus message={message} />
    </Page>
  );
}
