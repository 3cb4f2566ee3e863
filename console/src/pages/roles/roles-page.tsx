/**
 * A gateway's roles: the paged list and a create form (name and the token claim that selects
 * the role). A role's page edits it and attaches registries.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Page as Listing } from '../../api/client';
import type { RecordBase } from '../../api/records';
import { useApi } from '../../api/session';
import { useSubmit } from '../../api/use-submit';
import { FormAlert, TextField } from '../../components/form-fields';
import { Page, Section } from '../../components/page';
import { PagedTable } from '../../components/paged-table';
import { Link, navigate } from '../../router';

/** A role as the admin API shows it (docs/admin-api.md). */
export interface Role extends RecordBase {
  gateway_id: string;
  name: string;
  match?: { claim: string; any_of: string[] };
  registries: string[];
}

/** The `match` of a claim name and comma-separated values; undefined when both are empty (every caller). */
export function matchOf(claim: string, values: string): Role['match'] | undefined {
  const anyOf = values.split(',').map((v) => v.trim()).filter(Boolean);
  if (!claim.trim() && anyOf.length === 0) return undefined;
  return { claim: claim.trim(), any_of: anyOf };
}

export function RolesPage(props: { gatewayId: string }): JSX.Element {
  const api = useApi();
  const base = `/v1/gateways/${encodeURIComponent(props.gatewayId)}/roles`;
  const [name, setName] = useState('');
  const [claim, setClaim] = useState('');
  const [values, setValues] = useState('');
  const { busy, error, run } = useSubmit();
  const create = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const match = matchOf(claim, values);
      const role = await api.post<Role>(base, { name: name.trim(), ...(match ? { match } : {}) });
      navigate(`/gateways/${props.gatewayId}/roles/${role.id}`);
    });
  };
  return (
    <Page title="Roles">
      <p class="note">A role routes the consumers that use role-based routing: a caller whose token claim holds one of its values gets its registries.</p>
      <PagedTable<Role>
        caption="Roles"
        load={(page, size) => api.get<Listing<Role>>(base, { page, size })}
        rowKey={(r) => r.id}
        empty="No role yet: create one below."
        columns={[
          { header: 'Name', cell: (r) => <Link to={`/gateways/${props.gatewayId}/roles/${r.id}`}>{r.name}</Link> },
          { header: 'Selected by', cell: (r) => (r.match ? `${r.match.claim}: ${r.match.any_of.join(', ')}` : 'every caller') },
          { header: 'Registries', cell: (r) => String(r.registries.length) },
        ]}
      />
      <Section title="Create a role">
        <form onSubmit={create} noValidate class="record-form">
          <TextField label="Role name" name="name" value={name} onValue={setName} error={error} required />
          <TextField label="Claim" name="match/claim" value={claim} onValue={setClaim} error={error} hint="The token claim that selects the role (groups, for example); empty for every caller." />
          <TextField label="Claim values" name="match/any_of" value={values} onValue={setValues} error={error} hint="Comma-separated; the claim must hold at least one." />
          <FormAlert error={error} fields={['name', 'match']} />
          <button type="submit" class="primary" disabled={busy}>
            Create role
          </button>
        </form>
      </Section>
    </Page>
  );
}
