/**
 * A collector's Auth tab: its `tgk_` keys listed by prefix and last four, a create form whose
 * answer is the only time the key is shown (in the SecretDialog, dropped when it closes), and
 * per key: deactivate or reactivate, set or clear the expiry, revoke.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Page as Listing } from '../../api/client';
import { useApi } from '../../api/session';
import { useSubmit } from '../../api/use-submit';
import { FormAlert, TextField } from '../../components/form-fields';
import { LiveStatus } from '../../components/live-status';
import { Section } from '../../components/page';
import { PagedTable } from '../../components/paged-table';
import { SecretDialog } from '../../components/secret-dialog';
import type { CollectorKey } from './guardrail-records';

/** A `<input type="datetime-local">` value as the API's RFC 3339 time (the browser's zone). */
const isoOf = (local: string): string | null => (local ? new Date(local).toISOString() : null);

/** One key's buttons; `run` is the key list's: it says `message` once `action` succeeds, or shows its error. */
function KeyActions(props: { keyRecord: CollectorKey; base: string; run(action: () => Promise<unknown>, message: string): Promise<void> }): JSX.Element {
  const api = useApi();
  const key = props.keyRecord;
  const [expiry, setExpiry] = useState('');
  const label = `${key.name} (${key.key_prefix}…${key.key_last4})`;
  const run = props.run;
  const path = `${props.base}/${key.id}`;
  return (
    <div class="buttons">
      <button type="button" onClick={() => run(() => api.patch(path, { active: !key.active }, 'guardrail'), `Key ${label} ${key.active ? 'deactivated' : 'reactivated'}.`)}>
        {key.active ? 'Deactivate' : 'Reactivate'} <span class="visually-hidden">{label}</span>
      </button>
      <label class="visually-hidden" for={`expiry-${key.id}`}>
        New expiry of {label}
      </label>
      <input id={`expiry-${key.id}`} type="datetime-local" class="compact" value={expiry} onInput={(e) => setExpiry((e.currentTarget as HTMLInputElement).value)} />
      <button type="button" onClick={() => run(() => api.patch(path, { expires_at: isoOf(expiry) }, 'guardrail'), expiry ? `Key ${label} expires ${new Date(expiry).toLocaleString()}.` : `Key ${label} never expires.`)}>
        {expiry ? 'Set expiry' : 'Clear expiry'} <span class="visually-hidden">of {label}</span>
      </button>
      <button
        type="button"
        class="danger"
        onClick={() => {
          if (window.confirm(`Revoke ${label}? Evaluations sending it are refused from now on.`)) void run(() => api.delete(path, 'guardrail'), `Key ${label} revoked.`);
        }}
      >
        Revoke <span class="visually-hidden">{label}</span>
      </button>
    </div>
  );
}

export function CollectorKeys(props: { collectorId: string }): JSX.Element {
  const api = useApi();
  const base = `/v1/collectors/${encodeURIComponent(props.collectorId)}/keys`;
  const [reload, setReload] = useState(0);
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const { busy, error, run } = useSubmit();
  // The rows' actions (deactivate, expiry, revoke) run one at a time and share the list's status.
  const keyAction = useSubmit();
  const [message, setMessage] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const changed = (text: string) => {
    setMessage(text);
    keyAction.setError(null);
    setReload((n) => n + 1);
  };
  const runKeyAction = (action: () => Promise<unknown>, text: string) =>
    keyAction.run(async () => {
      await action();
      changed(text);
    });
  const create = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const body: Record<string, unknown> = {};
      if (name.trim()) body.name = name.trim();
      if (expires) body.expires_at = isoOf(expires);
      const created = await api.post<CollectorKey>(base, body, 'guardrail');
      setName('');
      setExpires('');
      setShown(created.key ?? null);
      changed(`Key ${created.name} created.`);
    });
  };
  return (
    <div>
      <PagedTable<CollectorKey>
        caption="Keys"
        load={(page, size) => api.get<Listing<CollectorKey>>(base, { page, size }, 'guardrail')}
        rowKey={(k) => k.id}
        reloadKey={reload}
        empty="No key yet: create one below."
        columns={[
          { header: 'Name', cell: (k) => k.name },
          { header: 'Key', cell: (k) => <code>{`${k.key_prefix}…${k.key_last4}`}</code> },
          { header: 'State', cell: (k) => (!k.active ? 'Inactive' : k.expires_at && Date.parse(k.expires_at) <= Date.now() ? 'Expired' : 'Active') },
          { header: 'Expires', cell: (k) => (k.expires_at ? new Date(k.expires_at).toLocaleString() : 'Never') },
          { header: 'Actions', cell: (k) => <KeyActions keyRecord={k} base={base} run={runKeyAction} /> },
        ]}
      />
      <LiveStatus message={message} error={keyAction.error} />
      <Section title="Create a key">
        <form onSubmit={create} noValidate class="record-form">
          <TextField label="Key name" name="name" value={name} onValue={setName} error={error} />
          <div class="field">
            <label for="new-key-expiry">Expires (optional)</label>
            <input id="new-key-expiry" type="datetime-local" value={expires} onInput={(e) => setExpires((e.currentTarget as HTMLInputElement).value)} />
          </div>
          <FormAlert error={error} fields={['name']} />
          <button type="submit" class="primary" disabled={busy}>
            Create key
          </button>
        </form>
      </Section>
      <SecretDialog title="Your new collector key" secret={shown} onClose={() => setShown(null)} note="This tgk_ key is shown once. Copy it into the collector now: it cannot be shown again." />
    </div>
  );
}
