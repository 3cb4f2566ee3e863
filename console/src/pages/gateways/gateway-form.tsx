/**
 * Create or edit a gateway: slug and name; a platform admin also names the tenant and stamps
 * its entitlements (tier, requests per minute, gateways it may own).
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Entitlements, Gateway } from '../../api/records';
import { useSession } from '../../api/session';
import { useSubmit } from '../../api/use-submit';
import { FormAlert, SelectField, TextField } from '../../components/form-fields';

const TIERS = [
  { value: 'free', label: 'free' },
  { value: 'team', label: 'team' },
  { value: 'enterprise', label: 'enterprise' },
] as const;

/** A number field's value for the API: a number when it reads as one, else the text (the API names the field). */
const numberOrText = (text: string): number | string => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

export function GatewayForm(props: { gateway?: Gateway; onSaved(gateway: Gateway): void; submitLabel: string }): JSX.Element {
  const { api, user } = useSession();
  const platform = user.roles.includes('platform_admin');
  const existing = props.gateway;
  const [slug, setSlug] = useState(existing?.slug ?? '');
  const [name, setName] = useState(existing?.name ?? '');
  const [tenantId, setTenantId] = useState(existing?.tenant_id ?? '');
  const [tier, setTier] = useState<string>(existing?.entitlements?.tier ?? 'team');
  const [rpm, setRpm] = useState(String(existing?.entitlements?.caps.requests_per_minute ?? 6000));
  const [maxInstances, setMaxInstances] = useState(String(existing?.entitlements?.max_instances ?? 5));
  const { busy, error, run } = useSubmit();

  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const body: Record<string, unknown> = {};
      if (slug.trim() || existing) body.slug = slug.trim();
      if (name.trim() || existing) body.name = name.trim();
      if (platform) {
        if (!existing) body.tenant_id = tenantId.trim();
        body.entitlements = { tier, caps: { ...existing?.entitlements?.caps, requests_per_minute: numberOrText(rpm) }, max_instances: numberOrText(maxInstances) } as unknown as Entitlements;
      }
      props.onSaved(existing ? await api.patch<Gateway>(`/v1/gateways/${existing.id}`, body) : await api.post<Gateway>('/v1/gateways', body));
    });
  };
  const fields = ['slug', 'name', 'tenant_id', 'entitlements/tier', 'entitlements/caps', 'entitlements/max_instances'];
  return (
    <form onSubmit={submit} noValidate class="record-form">
      <TextField label="Slug" name="slug" value={slug} onValue={setSlug} error={error} hint="Lowercase letters, digits and dashes; random when empty. Proxy clients may name it in X-AG-Gateway-Slug." />
      <TextField label="Name" name="name" value={name} onValue={setName} error={error} />
      {platform && !existing && <TextField label="Tenant id" name="tenant_id" value={tenantId} onValue={setTenantId} error={error} required />}
      {platform && (
        <fieldset>
          <legend>Entitlements of the tenant</legend>
          <SelectField label="Tier" name="entitlements/tier" value={tier} onValue={setTier} choices={TIERS} error={error} />
          <TextField label="Requests per minute" name="entitlements/caps" type="number" value={rpm} onValue={setRpm} error={error} />
          <TextField label="Gateways the tenant may own" name="entitlements/max_instances" type="number" value={maxInstances} onValue={setMaxInstances} error={error} />
        </fieldset>
      )}
      <FormAlert error={error} fields={fields} />
      <button type="submit" class="primary" disabled={busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}
