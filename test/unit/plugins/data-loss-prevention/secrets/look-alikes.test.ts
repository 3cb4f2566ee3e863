import { expect } from 'chai';
import { hitsOf } from '../inspect.js';
import { BASE62, HEX, Values } from './values.js';

function expectNoSecret(texts: string[]): void {
  for (const text of texts) expect(hitsOf([text]).filter((h) => h.type === 'secret'), text).to.deep.equal([]);
}

const ENV = ['AWS_SECRET_ACCESS_KEY', 'DB_PASSWORD', 'API_TOKEN', 'STRIPE_SECRET_KEY', 'CLIENT_SECRET', 'TWILIO_AUTH_TOKEN'];

describe('data_loss_prevention secrets: look-alikes that are not secrets', () => {
  it('does not flag values read from the environment, templates or secret stores', () => {
    const texts = ENV.flatMap((name) => [
      `aws_secret_access_key=process.env.${name}`,
      `password = os.environ["${name}"]`,
      `api_key = os.getenv("${name}")`,
      `  token: \${{ secrets.${name} }}`,
      `client_secret: "{{ vault_${name.toLowerCase()} }}"`,
      `String secret = System.getenv("${name}");`,
      `const apiKey = process.env.${name} ?? '';`,
      `secret_key = ENV.fetch("${name}")`,
      `password = Deno.env.get("${name}")`,
      `auth_token = settings.${name}`,
      `password: ${name}`,
    ]);
    expectNoSecret(texts);
  });

  it('does not flag UUIDs used as request, idempotency or CSRF ids', () => {
    const v = new Values(21);
    const texts = Array.from({ length: 12 }, (_, i) =>
      [`"ClientToken": "${v.uuid()}"`, `idempotency_token=${v.uuid()}`, `X-Request-Token: ${v.uuid()}`, `csrf_token: ${v.uuid()}`, `X-Request-Id: ${v.uuid()}`, `"continuation_token": "${v.uuid()}"`][i % 6],
    );
    expectNoSecret(texts);
  });

  it('does not flag publishable keys, which are meant to be public', () => {
    const v = new Values(22);
    const texts = Array.from({ length: 10 }, (_, i) => {
      const key = `${i % 2 ? 'pk_live_' : 'pk_test_'}${v.chars(BASE62, i % 3 ? 24 : 99)}`;
      return [`apiKey: '${key}'`, `STRIPE_PUBLISHABLE_KEY=${key}`, `const stripe = Stripe('${key}');`, `"public_key": "${key}"`, `stripe_api_key = "${key}"`][i % 5];
    });
    expectNoSecret(texts);
  });

  it('does not flag hashes, digests and integrity attributes', () => {
    const v = new Values(23);
    const texts = Array.from({ length: 12 }, (_, i) =>
      [
        `"hashed_token": "${v.chars(HEX, 64)}"`,
        `"token": "sha256:${v.chars(HEX, 64)}"`,
        `token_digest: sha1:${v.chars(HEX, 40)}`,
        `<script src="/app.js" integrity="sha384-${v.base64(48)}" crossorigin="anonymous"></script>`,
        `secret_checksum = "sha512-${v.base64(64)}"`,
        `commit ${v.chars(HEX, 40)} by AKIAIOSFODNN7EXAMPLE`,
      ][i % 6],
    );
    expectNoSecret(texts);
  });

  it('does not flag base64 pagination cursors and data blobs', () => {
    const v = new Values(24);
    const texts = Array.from({ length: 12 }, (_, i) => {
      const blob = Buffer.from(JSON.stringify({ offset: v.int(0, 9999), limit: 50, after: v.chars(BASE62, 12) })).toString('base64');
      return [`"nextToken": "${blob}"`, `"pageToken": "${blob}"`, `next_page_token=${blob}`, `"continuationToken": "${blob}"`, `data:image/png;base64,${v.base64(120)}`, `"sync_token": "${blob}"`][i % 6];
    });
    expectNoSecret(texts);
  });
});
