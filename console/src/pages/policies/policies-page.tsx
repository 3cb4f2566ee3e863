/**
 * A gateway's policies: the paged list with Duplicate, Global on/off, Enable/Disable and Delete,
 * and the create form generated from the chosen plugin's JSON Schema.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Page as Listing } from '../../api/client';
import type { Policy } from '../../api/records';
import { useApi } from '../../api/session';
import { useSubmit } from '../../api/use-submit';
import { ConfirmButton } from '../../components/confirm-button';
import { LiveStatus } from '../../components/live-status';
import { Page, Section } from '../../components/page';
import { PagedTable } from '../../components/paged-table';
import { Link } from '../../router';
import { PolicyForm } from './policy-form';

export function PoliciesPage(props: { gatewayId: string }): JSX.Element {
  const api = useApi();
  const base = `/v1/gateways/${encodeURIComponent(props.gatewayId)}/policies`;
  const [reload, setReload] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  // One row action at a time: a double click on Duplicate makes one copy.
  const rowAction = useSubmit();
  const act = (done: string, action: () => Promise<unknown>) =>
    rowAction.run(async () => {
      await action();
      setMessage(done);
      setReload((n) => n + 1);
    });
  return (
    <Page title="Policies">
      <PagedTable<Policy>
        caption="Policies of this gateway"
        load={(page, size) => api.get<Listing<Policy>>(base, { page, size })}
        rowKey={(p) => p.id}
        reloadKey={reload}
        empty="No policy yet: create one below."
        columns={[
          { header: 'Name', cell: (p) => <Link to={`/gateways/${props.gatewayId}/policies/${p.id}`}>{p.name}</Link> },
          { header: 'Type', cell: (p) => p.type },
          { header: 'Enabled', cell: (p) => (p.enabled ? 'yes' : 'no') },
          { header: 'Global', cell: (p) => (p.global ? 'yes' : 'no') },
          { header: 'Priority', cell: (p) => String(p.priority) },
          {
            header: 'Actions',
            cell: (p) => (
              <div class="row-actions">
                <button type="button" aria-label={`Duplicate ${p.name}`} onClick={() => act(`Policy ${p.name} duplicated.`, () => api.post(`${base}/${p.id}/duplicate`))}>
                  Duplicate
                </button>
                <button
                  type="button"
                  aria-label={p.global ? `Clear global on ${p.name}` : `Make global: ${p.name}`}
                  onClick={() => act(p.global ? `${p.name} is no longer global.` : `${p.name} is global.`, () => (p.global ? api.delete(`${base}/${p.id}/global`) : api.put(`${base}/${p.id}/global`)))}
                >
                  {p.global ? 'Clear global' : 'Make global'}
                </button>
                <button type="button" aria-label={p.enabled ? `Disable ${p.name}` : `Enable ${p.name}`} onClick={() => act(`${p.name} ${p.enabled ? 'disabled' : 'enabled'}.`, () => api.patch(`${base}/${p.id}`, { enabled: !p.enabled }))}>
                  {p.enabled ? 'Disable' : 'Enable'}
                </button>
                <ConfirmButton label={`Delete ${p.name}`} confirmLabel="Delete" warning="Consumers lose it." onConfirm={() => act(`Policy ${p.name} deleted.`, () => api.delete(`${base}/${p.id}`))} />
              </div>
            ),
          },
        ]}
      />
      <LiveStatus message={message} error={rowAction.error} />
      <Section title="Create a policy">
        <PolicyForm
          gatewayId={props.gatewayId}
          onCreated={(p) => {
            setMessage(`Policy ${p.name} created.`);
            setReload((n) => n + 1);
          }}
        />
      </Section>
    </Page>
  );
}
