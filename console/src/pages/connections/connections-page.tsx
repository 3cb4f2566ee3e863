/**
 * Data-plane connections (`GET /v1/config-sync/connections`, platform admins): the data planes
 * holding a config stream to this control plane, filtered by scope, with the revision they
 * run and their telemetry backlog.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Page as Listing } from '../../api/client';
import { useApi } from '../../api/session';
import { TextField } from '../../components/form-fields';
import { Page } from '../../components/page';
import { PagedTable } from '../../components/paged-table';

/** A row of the listing (core/cluster/connection-registry.ts). */
export interface Connection {
  id: string;
  hostname: string;
  version: string;
  planes: string[];
  scope: string | null;
  config_revision: number;
  connected_at: string;
  last_seen: string;
  telemetry_dropped: number;
  telemetry_pending: number;
}

export function ConnectionsPage(): JSX.Element {
  const api = useApi();
  const [scope, setScope] = useState('');
  const [applied, setApplied] = useState('');
  const [reload, setReload] = useState(0);
  const apply = (event: Event) => {
    event.preventDefault();
    setApplied(scope.trim());
    setReload((n) => n + 1);
  };
  return (
    <Page title="Data-plane connections">
      <p class="note">Data planes that hold a config stream to this control plane; one that stops answering is dropped from the list.</p>
      <form onSubmit={apply} noValidate class="record-form" aria-label="Filter connections">
        <TextField label="Scope" name="scope" value={scope} onValue={setScope} hint="Only data planes started with this scope; empty for all." />
        <div class="buttons">
          <button type="submit" class="primary">
            Show connections
          </button>
          <button type="button" onClick={() => setReload((n) => n + 1)}>
            Refresh
          </button>
        </div>
      </form>
      <PagedTable<Connection>
        caption="Connections"
        load={(page, size) => api.get<Listing<Connection>>('/v1/config-sync/connections', { page, size, scope: applied || undefined })}
        rowKey={(c) => c.id}
        reloadKey={reload}
        empty="No data plane is connected."
        columns={[
          { header: 'Host', cell: (c) => c.hostname },
          { header: 'Planes', cell: (c) => c.planes.join(', ') },
          { header: 'Scope', cell: (c) => c.scope ?? 'none' },
          { header: 'Revision', cell: (c) => String(c.config_revision) },
          { header: 'Version', cell: (c) => c.version },
          { header: 'Connected', cell: (c) => new Date(c.connected_at).toLocaleString() },
          { header: 'Last seen', cell: (c) => new Date(c.last_seen).toLocaleString() },
          { header: 'Telemetry', cell: (c) => `${c.telemetry_pending} pending, ${c.telemetry_dropped} dropped` },
        ]}
      />
    </Page>
  );
}
