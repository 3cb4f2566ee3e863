/** One role: its name and selecting claim, and the gateway's registries attached to it (each toggled at once). */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../../api/api-error';
import { useApi } from '../../api/session';
import { CheckboxField, FormAlert, TextField } from '../../components/form-fields';
import { LiveStatus } from '../../components/live-status';
import { Page, Section } from '../../components/page';
import { Link, navigate } from '../../router';
import { matchOf, type Role } from './roles-page';

interface Registry {
  id: string;
  slug: string;
  name?: string;
  type: string;
}

export function RolePage(props: { gatewayId: string; roleId: string }): JSX.Element {
  const api = useApi();
  const gateway = `/v1/gateways/${encodeURIComponent(props.gatewayId)}`;
  const path = `${gateway}/roles/${encodeURIComponent(props.roleId)}`;
  const [role, setRole] = useState<Role | null>(null);
  const [registries, setRegistries] = useState<Registry[]>([]);
  const [name, setName] = useState('');
  const [claim, setClaim] = useState('');
  const [values, setValues] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const show = (r: Role) => {
    setRole(r);
    setName(r.name);
    setClaim(r.match?.claim ?? '');
    setValues(r.match?.any_of.join(', ') ?? '');
  };
  useEffect(() => {
    api.get<Role>(path).then(show, setError);
    api.all<Registry>(`${gateway}/registries`).then(setRegistries, setError);
  }, [path]);
  const save = async (event: Event) => {
    event.preventDefault();
    try {
      const match = matchOf(claim, values);
      show(await api.patch<Role>(path, { name: name.trim(), ...(match ? { match } : {}) }));
      setError(null);
      setMessage('Role saved.');
    } catch (err) {
      setError(err as ApiError);
    }
  };
  const attach = async (registry: Registry, on: boolean) => {
    try {
      if (on) await api.put(`${path}/registries/${encodeURIComponent(registry.id)}`);
      else await api.delete(`${path}/registries/${encodeURIComponent(registry.id)}`);
      show(await api.get<Role>(path));
      setMessage(`Registry ${registry.slug} ${on ? 'attached' : 'detached'}.`);
      setError(null);
    } catch (err) {
      setError(err as ApiError);
    }
  };
  const remove = async () => {
    if (!role || !window.confirm(`Delete role ${role.name}?`)) return;
    try {
      await api.delete(path);
      navigate(`/gateways/${props.gatewayId}/roles`);
    } catch (err) {
      setError(err as ApiError);
    }
  };
  return (
    <Page title={role ? `Role ${role.name}` : 'Role'} actions={<Link to={`/gateways/${props.gatewayId}/roles`}>All roles</Link>}>
      {role && (
        <>
          <form onSubmit={save} noValidate class="record-form">
            <TextField label="Role name" name="name" value={name} onValue={setName} error={error} required />
            <TextField label="Claim" name="match/claim" value={claim} onValue={setClaim} error={error} hint="The token claim that selects the role." />
            <TextField label="Claim values" name="match/any_of" value={values} onValue={setValues} error={error} hint="Comma-separated." />
            <FormAlert error={error} fields={['name', 'match']} />
            <div class="buttons">
              <button type="submit" class="primary">
                Save role
              </button>
              <button type="button" class="danger" onClick={remove}>
                Delete role
              </button>
            </div>
          </form>
          <Section title="Registries">
            {registries.length === 0 && <p>This gateway has no registry yet.</p>}
            {registries.map((r) => (
              <CheckboxField key={r.id} label={`${r.slug} (${r.type})`} name={`registry-${r.id}`} checked={role.registries.includes(r.id)} onChecked={(on) => attach(r, on)} />
            ))}
          </Section>
        </>
      )}
      <LiveStatus message={message} error={role ? null : error} />
    </Page>
  );
}
