/**
 * One collector: a Details tab (name and description, delete) and the Auth tab where its
 * `tgk_` keys are created, deactivated, given an expiry and revoked (`?tab=auth` opens it).
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../../api/api-error';
import { useApi } from '../../api/session';
import { useSubmit } from '../../api/use-submit';
import { FormAlert, TextAreaField, TextField } from '../../components/form-fields';
import { LiveStatus } from '../../components/live-status';
import { Page } from '../../components/page';
import { Tabs } from '../../components/tabs';
import { Link, navigate, useLocation } from '../../router';
import { CollectorKeys } from './collector-keys';
import type { Collector } from './guardrail-records';

function CollectorDetails(props: { collector: Collector; onSaved(c: Collector): void }): JSX.Element {
  const api = useApi();
  const [name, setName] = useState(props.collector.name);
  const [description, setDescription] = useState(props.collector.description ?? '');
  // Save and Delete share the form's error and run one at a time.
  const { busy, error, run } = useSubmit();
  const path = `/v1/collectors/${encodeURIComponent(props.collector.id)}`;
  const save = (event: Event) => {
    event.preventDefault();
    return run(async () => props.onSaved(await api.patch<Collector>(path, { name: name.trim(), description: description.trim() }, 'guardrail')));
  };
  const remove = () => {
    if (!window.confirm(`Delete collector ${props.collector.name} and its keys?`)) return;
    return run(async () => {
      await api.delete(path, 'guardrail');
      navigate('/guardrails/collectors');
    });
  };
  return (
    <form onSubmit={save} noValidate class="record-form">
      <p>
        Type: <strong>{props.collector.type}</strong>
      </p>
      <TextField label="Name" name="name" value={name} onValue={setName} error={error} required />
      <TextAreaField label="Description" name="description" value={description} onValue={setDescription} error={error} rows={2} />
      <FormAlert error={error} fields={['name', 'description']} />
      <div class="buttons">
        <button type="submit" class="primary" disabled={busy}>
          Save collector
        </button>
        <button type="button" class="danger" disabled={busy} onClick={remove}>
          Delete collector
        </button>
      </div>
    </form>
  );
}

export function CollectorPage(props: { collectorId: string }): JSX.Element {
  const api = useApi();
  const { query } = useLocation();
  const [collector, setCollector] = useState<Collector | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [tab, setTab] = useState(query.get('tab') === 'auth' ? 'auth' : 'details');
  useEffect(() => {
    api.get<Collector>(`/v1/collectors/${encodeURIComponent(props.collectorId)}`, undefined, 'guardrail').then(setCollector, setError);
  }, [props.collectorId]);
  return (
    <Page title={collector ? `Collector ${collector.name}` : 'Collector'} actions={<Link to="/guardrails/collectors">All collectors</Link>}>
      {collector && (
        <Tabs label="Collector" tabs={[{ id: 'details', label: 'Details' }, { id: 'auth', label: 'Auth' }]} current={tab} onSelect={setTab}>
          {tab === 'details' ? (
            <CollectorDetails
              collector={collector}
              onSaved={(c) => {
                setCollector(c);
                setMessage('Collector saved.');
              }}
            />
          ) : (
            <CollectorKeys collectorId={collector.id} />
          )}
        </Tabs>
      )}
      <LiveStatus message={message} error={error} />
    </Page>
  );
}
