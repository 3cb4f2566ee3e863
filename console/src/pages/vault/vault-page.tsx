/**
 * A gateway's vault credentials: upstream secrets that registries name by id. The secret is
 * write-only: the API never shows it back, the list and the edit form never hold it, and
 * typing a new one replaces it on save (left empty, the stored one stays).
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Page as Listing } from '../../api/client';
import type { RecordBase } from '../../api/records';
import { useApi } from '../../api/session';
import { useSubmit } from '../../api/use-submit';
import '../../components/extras.css';
import { FormAlert, TextAreaField, TextField } from '../../components/form-fields';
import { LiveStatus } from '../../components/live-status';
import { Page, Section } from '../../components/page';
import { PagedTable } from '../../components/paged-table';

/** A vault credential as listed: never its secret. */
export interface VaultCredential extends RecordBase {
  name: string;
  description?: string;
}

/** Create (no `credential`) or edit; the secret field always starts empty. */
function CredentialForm(props: { base: string; credential?: VaultCredential; onSaved(c: VaultCredential, message: string): void; onCancel?(): void }): JSX.Element {
  const api = useApi();
  const existing = props.credential;
  const [name, setName] = useState(existing?.name ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [secret, setSecret] = useState('');
  const { busy, error, run } = useSubmit();
  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const body: Record<string, unknown> = { name: name.trim() };
      if (description.trim() || existing) body.description = description.trim();
      if (secret || !existing) body.secret = secret;
      const saved = existing ? await api.patch<VaultCredential>(`${props.base}/${existing.id}`, body) : await api.post<VaultCredential>(props.base, body);
      setSecret('');
      props.onSaved(saved, existing ? `Credential ${saved.name} saved${secret ? ', its secret replaced' : ''}.` : `Credential ${saved.name} created.`);
    });
  };
  return (
    <form onSubmit={submit} noValidate class="record-form">
      <TextField label="Credential name" name="name" value={name} onValue={setName} error={error} required />
      <TextAreaField label="Description" name="description" value={description} onValue={setDescription} error={error} rows={2} />
      <TextField
        label={existing ? 'New secret' : 'Secret'}
        name="secret"
        type="password"
        autoComplete="new-password"
        value={secret}
        onValue={setSecret}
        error={error}
        required={!existing}
        hint={existing ? 'Write-only: the stored secret is never shown. Type a new one to replace it; leave empty to keep it.' : 'Write-only: it cannot be shown again once saved.'}
      />
      <FormAlert error={error} fields={['name', 'description', 'secret']} />
      <div class="buttons">
        <button type="submit" class="primary" disabled={busy}>
          {existing ? 'Save credential' : 'Create credential'}
        </button>
        {props.onCancel && (
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

export function VaultPage(props: { gatewayId: string }): JSX.Element {
  const api = useApi();
  const base = `/v1/gateways/${encodeURIComponent(props.gatewayId)}/vault-credentials`;
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<VaultCredential | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const deletion = useSubmit();
  const saved = (_: VaultCredential, text: string) => {
    setMessage(text);
    setEditing(null);
    setReload((n) => n + 1);
  };
  const remove = (c: VaultCredential) => {
    if (!window.confirm(`Delete credential ${c.name}? Registries naming it stop authenticating.`)) return;
    return deletion.run(async () => {
      await api.delete(`${base}/${c.id}`);
      saved(c, `Credential ${c.name} deleted.`);
    });
  };
  return (
    <Page title="Vault credentials">
      <PagedTable<VaultCredential>
        caption="Vault credentials"
        load={(page, size) => api.get<Listing<VaultCredential>>(base, { page, size })}
        rowKey={(c) => c.id}
        reloadKey={reload}
        empty="No credential yet: create one below."
        columns={[
          { header: 'Name', cell: (c) => c.name },
          { header: 'Description', cell: (c) => c.description ?? '' },
          { header: 'Id', cell: (c) => <code>{c.id}</code> },
          {
            header: 'Actions',
            cell: (c) => (
              <div class="buttons">
                <button type="button" onClick={() => setEditing(c)}>
                  Edit <span class="visually-hidden">{c.name}</span>
                </button>
                <button type="button" class="danger" onClick={() => remove(c)}>
                  Delete <span class="visually-hidden">{c.name}</span>
                </button>
              </div>
            ),
          },
        ]}
      />
      <LiveStatus message={message} error={deletion.error} />
      {editing ? (
        <Section title={`Edit credential ${editing.name}`} id="edit-credential">
          <CredentialForm key={editing.id} base={base} credential={editing} onSaved={saved} onCancel={() => setEditing(null)} />
        </Section>
      ) : (
        <Section title="Create a credential">
          <CredentialForm key={`new-${reload}`} base={base} onSaved={saved} />
        </Section>
      )}
    </Page>
  );
}
