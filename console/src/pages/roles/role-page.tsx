/** One role: its name and selecting claim, and the gateway's registries attached to it (each toggled at once). */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../../api/api-error';
import { useApi } from '../../api/session';
import { useSubmit } from '../../api/use-submit';
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
  // Save and Delete run one at a time; the page's load and the registry switches share the error.
  const { busy, error, run, setError } = useSubmit();
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
  const save = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const match = matchOf(claim, values);
      show(await api.patch<Role>(path, { name: name.trim(), ...(match ? { match } : {}) }));
      setMessage('Role saved.');
    });
  };
  // Not through `run`: a switch pressed while a save is pending would stay flipped with nothing sent.
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
  const remove = () => {
    if (!role || !window.confirm(`Delete role ${role.name}?`)) return;
    return run(async () => {
      await api.delete(path);
      navigate(`/gateways/${props.gatewayId}/roles`);
    });
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
              <button type="submit" class="primary" disabled={busy}>
                Save role
              </button>
              <button type="button" class="danger" disabled={busy} onClick={remove}>
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
