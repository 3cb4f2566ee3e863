/**
 * The playground: sends one chat request through a chosen consumer to the proxy's
 * OpenAI-compatible path, with a pasted `ag_` key or one created here (kept in this page's
 * memory only), shows the answer and its `X-AG-Trace-Id`, then the trace the admin API keeps
 * for it (`GET /v1/gateways/{id}/traces/{trace_id}`).
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError } from '../../api/api-error';
import type { Auth, Consumer } from '../../api/records';
import { useApi } from '../../api/session';
import { useLoad } from '../../api/use-load';
import { useSubmit } from '../../api/use-submit';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../components/form-fields';
import { LiveStatus } from '../../components/live-status';
import { Page, Section } from '../../components/page';

/** The trace reaches the admin plane just after the answer: how often and how long to look for it. */
const TRACE_POLL_MS = 250;
const TRACE_ATTEMPTS = 20;

interface ChatAnswer {
  model?: string;
  choices?: Array<{ message?: { content?: string | null } }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function PlaygroundPage(props: { gatewayId: string }): JSX.Element {
  const api = useApi();
  const gateway = `/v1/gateways/${encodeURIComponent(props.gatewayId)}`;
  const consumers = useLoad(() => api.all<Consumer>(`${gateway}/consumers`), [gateway]);
  const [consumerId, setConsumerId] = useState('');
  const [key, setKey] = useState('');
  const [model, setModel] = useState('auto');
  const [prompt, setPrompt] = useState('Say hello.');
  // Creating a key and sending share the one error the form shows, and run one at a time.
  const { busy, error, run, setError } = useSubmit();
  const [status, setStatus] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ text: string; traceId: string | null; model?: string } | null>(null);
  const [trace, setTrace] = useState<unknown>(null);
  const consumer = consumers.data?.find((c) => c.id === consumerId);

  const createKey = () =>
    run(async () => {
      if (!consumer) throw new ApiError(0, 'validation_failed', '/consumer is required: choose a consumer first');
      const created = await api.post<Auth>(`${gateway}/auths`, { type: 'api_key', name: `playground ${consumer.slug}` });
      await api.put(`${gateway}/consumers/${consumer.id}/auths/${created.id}`);
      setKey(created.key ?? '');
      setStatus(`A key for ${consumer.slug} was created and attached; it stays in this page only.`);
    });

  const findTrace = async (traceId: string) => {
    for (let attempt = 0; attempt < TRACE_ATTEMPTS; attempt++) {
      try {
        return await api.get<unknown>(`${gateway}/traces/${encodeURIComponent(traceId)}`);
      } catch (err) {
        if ((err as ApiError).status !== 404) throw err;
        await sleep(TRACE_POLL_MS);
      }
    }
    throw new ApiError(404, 'not_found', `no trace ${traceId} arrived (traces are kept for a short time)`);
  };

  const send = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      setAnswer(null);
      setTrace(null);
      if (!consumer) throw new ApiError(0, 'validation_failed', '/consumer is required');
      if (!key.trim()) throw new ApiError(0, 'validation_failed', '/key is required: paste an ag_ key or create one');
      setStatus('Sending…');
      let traceId: string | null = null;
      try {
        const reply = await api.send<ChatAnswer>('proxy', 'POST', `/${encodeURIComponent(consumer.slug)}/v1/chat/completions`, {
          bearer: key.trim(),
          body: { model: model.trim() || 'auto', messages: [{ role: 'user', content: prompt }] },
        });
        traceId = reply.headers.get('x-ag-trace-id');
        setAnswer({ text: reply.body.choices?.[0]?.message?.content ?? '', traceId, model: reply.body.model });
        setStatus('Answer received; looking up its trace…');
      } catch (err) {
        setStatus(null);
        throw err;
      }
      // The answer is in: an earlier refusal no longer stands while the trace is looked up.
      setError(null);
      if (traceId) {
        setTrace(await findTrace(traceId));
        setStatus('Answer and trace received.');
      }
    });
  };

  return (
    <Page title="Playground">
      <form onSubmit={send} noValidate class="record-form">
        <SelectField
          label="Consumer"
          name="consumer"
          value={consumerId}
          onValue={setConsumerId}
          emptyLabel={consumers.loading ? 'Loading consumers…' : 'Choose a consumer'}
          choices={(consumers.data ?? []).map((c) => ({ value: c.id, label: c.slug }))}
          error={error ?? consumers.error}
          required
        />
        <TextField label="API key" name="key" type="password" value={key} onValue={setKey} error={error} hint="An ag_ key attached to the consumer; kept in this page only." autoComplete="off" />
        <button type="button" onClick={createKey}>
          Create a key for this consumer
        </button>
        <TextField label="Model" name="model" value={model} onValue={setModel} error={error} hint="auto, a model id, or @registry/model." />
        <TextAreaField label="Message" name="messages" value={prompt} onValue={setPrompt} error={error} rows={3} />
        <FormAlert error={error} fields={['consumer', 'key', 'model', 'messages']} />
        <button type="submit" class="primary" disabled={busy}>
          Send
        </button>
      </form>
      <LiveStatus message={status} />
      {answer && (
        <Section title="Answer">
          <p class="answer">{answer.text}</p>
          <dl class="facts">
            {answer.model && (
              <>
                <dt>Model</dt>
                <dd>{answer.model}</dd>
              </>
            )}
            <dt>X-AG-Trace-Id</dt>
            <dd class="trace-id">{answer.traceId ?? 'none'}</dd>
          </dl>
        </Section>
      )}
      {trace !== null && (
        <Section title="Trace">
          <pre class="json" tabIndex={0} aria-label="Trace as JSON">
            {JSON.stringify(trace, null, 2)}
          </pre>
        </Section>
      )}
    </Page>
  );
}
