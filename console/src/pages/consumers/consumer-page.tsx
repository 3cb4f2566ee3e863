/**
 * One consumer: API keys (an `api_key` auth created here is attached and its `ag_` key shown
 * once), attached auths, registries with weights, policies and roles, and its routing.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Auth, Consumer, Policy, Registry, Role } from '../../api/records';
import { useApi } from '../../api/session';
import { useLoad } from '../../api/use-load';
import { useSubmit } from '../../api/use-submit';
import { ConfirmButton } from '../../components/confirm-button';
import { FormAlert, TextField } from '../../components/form-fields';
import { LiveStatus } from '../../components/live-status';
import { Page, Section } from '../../components/page';
import { SecretDialog } from '../../components/secret-dialog';
import { navigate } from '../../router';
import { AttachmentList } from './attachment-list';
import { RoutingForm } from './routing-form';

/** What the consumer page lists to attach: every record of the gateway of each kind. */
interface Attachables {
  auths: Auth[];
  registries: Registry[];
  policies: Policy[];
  roles: Role[];
}

export function ConsumerPage(props: { gatewayId: string; consumerId: string }): JSX.Element {
  const api = useApi();
  const gateway = `/v1/gateways/${encodeURIComponent(props.gatewayId)}`;
  const path = `${gateway}/consumers/${encodeURIComponent(props.consumerId)}`;
  const consumer = useLoad(() => api.get<Consumer>(path), [path]);
  const records = useLoad<Attachables>(
    async () => ({
      auths: await api.all<Auth>(`${gateway}/auths`),
      registries: await api.all<Registry>(`${gateway}/registries`),
      policies: await api.all<Policy>(`${gateway}/policies`),
      roles: await api.all<Role>(`${gateway}/roles`),
    }),
    [gateway],
  );
  const [keyName, setKeyName] = useState('');
  const keyCreation = useSubmit();
  const [secret, setSecret] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const deletion = useSubmit();
  const c = consumer.data;
  const all = records.data;

  const changed = (text: string) => {
    setMessage(text);
    consumer.reload();
  };
  const createKey = (event: Event) => {
    event.preventDefault();
    return keyCreation.run(async () => {
      const created = await api.post<Auth>(`${gateway}/auths`, { type: 'api_key', name: keyName.trim() || `${c?.slug ?? 'consumer'} key` });
      await api.put(`${path}/auths/${created.id}`);
      setSecret(created.key ?? null);
      setKeyName('');
      records.reload();
      changed(`API key ${created.key_prefix ?? ''}…${created.key_last4 ?? ''} created and attached.`);
    });
  };
  const attachment = (kind: 'auths' | 'policies' | 'roles' | 'registries', noun: string) => ({
    attach: async (id: string, weight?: number) => {
      await api.put(`${path}/${kind}/${id}`, kind === 'registries' && weight !== undefined ? { weight } : undefined);
      changed(`${noun} attached.`);
    },
    detach: async (id: string) => {
      await api.delete(`${path}/${kind}/${id}`);
      changed(`${noun} detached.`);
    },
  });
  return (
    <Page
      title={c ? `Consumer ${c.slug}` : 'Consumer'}
      actions={
        c && (
          <ConfirmButton
            label="Delete consumer"
            confirmLabel="Delete"
            warning={`Callers of /${c.slug}/ will be refused.`}
            onConfirm={() =>
              deletion.run(async () => {
                await api.delete(path);
                navigate(`/gateways/${props.gatewayId}/consumers`);
              })
            }
          />
        )
      }
    >
      <LiveStatus message={message} error={deletion.error ?? consumer.error ?? records.error} />
      <SecretDialog title="The consumer's API key" secret={secret} onClose={() => setSecret(null)} note="This ag_ key is shown once. Copy it now: Portcullis keeps only its hash." />
      {c && all && (
        <>
          <Section title="API keys and auths">
            <form onSubmit={createKey} noValidate class="attach-form">
              <TextField label="New API key name" name="name" value={keyName} onValue={setKeyName} error={keyCreation.error} />
              <FormAlert error={keyCreation.error} fields={['name']} />
              <button type="submit" class="primary" disabled={keyCreation.busy}>
                Create API key
              </button>
            </form>
            <AttachmentList
              noun="auth"
              attached={c.auth_ids ?? []}
              available={all.auths.map((a) => ({ id: a.id, label: `${a.name ?? a.type}${a.key_prefix ? ` (${a.key_prefix}…${a.key_last4})` : ''}` }))}
              {...attachment('auths', 'Auth')}
            />
          </Section>
          <Section title="Registries">
            <AttachmentList
              noun="registry"
              attached={(c.registries ?? []).map((r) => r.registry_id)}
              weights={Object.fromEntries((c.registries ?? []).map((r) => [r.registry_id, r.weight]))}
              withWeight
              available={all.registries.map((r) => ({ id: r.id, label: r.slug }))}
              {...attachment('registries', 'Registry')}
            />
          </Section>
          <Section title="Policies">
            <AttachmentList noun="policy" attached={c.policy_ids ?? []} available={all.policies.map((p) => ({ id: p.id, label: `${p.name} (${p.type})` }))} {...attachment('policies', 'Policy')} />
          </Section>
          <Section title="Roles">
            {c.routing_mode !== 'role_based' && <p class="note">Roles apply to role-based consumers only; the API refuses them on an inline consumer.</p>}
            <AttachmentList noun="role" attached={c.role_ids ?? []} available={all.roles.map((r) => ({ id: r.id, label: r.name }))} {...attachment('roles', 'Role')} />
          </Section>
          <Section title="Routing">
            {/* Keyed by the consumer, not its version: attaching a record or saving must not wipe routing edits in progress. */}
            <RoutingForm
              key={c.id}
              path={path}
              consumer={c}
              onSaved={(saved) => {
                consumer.set(saved);
                setMessage('Routing saved.');
              }}
            />
          </Section>
        </>
      )}
    </Page>
  );
}
