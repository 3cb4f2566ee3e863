/**
 * Sign-in: paste an admin token (`portcullis token`), or exchange a machine credential at
 * `POST /v1/auth/token`. The token is checked against the API, then kept in memory only.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError } from '../../api/api-error';
import { ApiClient, type ConsoleConfig } from '../../api/client';
import { useSubmit } from '../../api/use-submit';
import { FormAlert, TextAreaField, TextField } from '../../components/form-fields';

/** Answers the token once the API has accepted it. */
async function checkedToken(config: ConsoleConfig, token: string): Promise<string> {
  await new ApiClient(config, () => token).get('/v1/gateways', { size: 1 });
  return token;
}

export function SignInPage(props: { config: ConsoleConfig; onSignedIn(token: string): void; notice?: string }): JSX.Element {
  const [token, setToken] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  // Each form keeps its own error; while either signs in, both buttons wait.
  const tokenSignIn = useSubmit();
  const machineSignIn = useSubmit();
  const busy = tokenSignIn.busy || machineSignIn.busy;
  const tokenError = tokenSignIn.error;
  const machineError = machineSignIn.error;

  const withToken = (event: Event) => {
    event.preventDefault();
    return tokenSignIn.run(async () => {
      const pasted = token.trim().replace(/^Bearer\s+/i, '');
      if (!pasted) throw new ApiError(0, 'validation_failed', '/token is required');
      props.onSignedIn(await checkedToken(props.config, pasted));
    });
  };
  const withMachineCredential = (event: Event) => {
    event.preventDefault();
    return machineSignIn.run(async () => {
      const answer = await new ApiClient(props.config, () => null).post<{ access_token: string }>('/v1/auth/token', { client_id: clientId.trim(), client_secret: clientSecret });
      props.onSignedIn(await checkedToken(props.config, answer.access_token));
    });
  };
  return (
    <main id="main" class="sign-in">
      <h1>Sign in to the Portcullis console</h1>
      {props.notice && <p role="status">{props.notice}</p>}
      <p class="note">
        Your token is kept in this tab's memory only, never stored: reloading or closing the page signs you out. The console sends it as a bearer token to the
        Portcullis APIs and nowhere else.
      </p>
      <form onSubmit={withToken} noValidate aria-labelledby="with-token">
        <h2 id="with-token">Paste an admin token</h2>
        <TextAreaField label="Admin token" name="token" value={token} onValue={setToken} error={tokenError} hint="A JWT from portcullis token, or an access token from POST /v1/auth/token." rows={3} required />
        <FormAlert error={tokenError} fields={['token']} />
        <button type="submit" class="primary" disabled={busy}>
          Sign in
        </button>
      </form>
      <form onSubmit={withMachineCredential} noValidate aria-labelledby="with-machine">
        <h2 id="with-machine">Exchange a machine credential</h2>
        <TextField label="Client id" name="client_id" value={clientId} onValue={setClientId} error={machineError} required />
        <TextField label="Client secret" name="client_secret" type="password" value={clientSecret} onValue={setClientSecret} error={machineError} required />
        <FormAlert error={machineError} fields={['client_id', 'client_secret']} />
        <button type="submit" disabled={busy}>
          Sign in with the credential
        </button>
      </form>
    </main>
  );
}
