/** One gateway: its areas, its settings (edit), and delete (which removes every record under it). */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Gateway } from '../../api/records';
import { useApi } from '../../api/session';
import { useLoad } from '../../api/use-load';
import { useSubmit } from '../../api/use-submit';
import { ConfirmButton } from '../../components/confirm-button';
import { LiveStatus } from '../../components/live-status';
import { Page, Section } from '../../components/page';
import { Link, navigate } from '../../router';
import { GatewayForm } from './gateway-form';

const AREAS = [
  ['registries', 'Registries'],
  ['consumers', 'Consumers'],
  ['policies', 'Policies'],
  ['roles', 'Roles'],
  ['vault-credentials', 'Vault credentials'],
  ['playground', 'Playground'],
  ['usage', 'Usage and spend'],
] as const;

export function GatewayPage(props: { gatewayId: string }): JSX.Element {
  const api = useApi();
  const path = `/v1/gateways/${encodeURIComponent(props.gatewayId)}`;
  const gateway = useLoad(() => api.get<Gateway>(path), [path]);
  const [message, setMessage] = useState<string | null>(null);
  const deletion = useSubmit();
  const g = gateway.data;
  return (
    <Page
      title={g ? `Gateway ${g.slug}` : 'Gateway'}
      actions={
        g && (
          <ConfirmButton
            label="Delete gateway"
            confirmLabel="Delete it and everything in it"
            warning={`Deleting ${g.slug} deletes its registries, consumers, auths, policies, roles and vault credentials.`}
            onConfirm={() =>
              deletion.run(async () => {
                await api.delete(path);
                navigate('/gateways');
              })
            }
          />
        )
      }
    >
      <LiveStatus message={message} error={deletion.error ?? gateway.error} />
      {g && (
        <>
          <ul class="area-links">
            {AREAS.map(([area, label]) => (
              <li key={area}>
                <Link to={`/gateways/${g.id}/${area}`}>{label}</Link>
              </li>
            ))}
          </ul>
          <Section title="Settings">
            <GatewayForm
              key={g.updated_at}
              gateway={g}
              submitLabel="Save gateway"
              onSaved={(saved) => {
                // The saved record re-keys the form in the same render as the message.
                gateway.set(saved);
                setMessage(`Gateway ${saved.slug} saved.`);
              }}
            />
          </Section>
        </>
      )}
    </Page>
  );
}
