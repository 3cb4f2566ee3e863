import { expect } from 'chai';
import { hitsOf, masked } from './inspect.js';

// Synthetic values in each provider's documented format, built from a fixed mixed alphabet.
const MIX = 'Q7xK2mV9pL4tR8nW3cZ6hJ1bF5dG0sY7aE2uT9kM4rP8vN3qX6wC1zH5jB0fL2';
const body = (n: number, offset = 0) => (MIX.repeat(4).slice(offset, offset + n));
const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('data_loss_prevention secret recognizers', () => {
  const keys: Array<[string, string, string]> = [
    ['AWS_ACCESS_KEY', 'AKIA' + 'QX7K2MV6PL4TR3NW', 'aws_access_key_id = AKIAQX7K2MV6PL4TR3NW'],
    ['AWS_SECRET_KEY', body(40, 3), `aws_secret_access_key = ${body(40, 3)}`],
    ['GITHUB_TOKEN', 'ghp_' + body(36), `git clone https://ghp_${body(36)}@github.com/acme/app`],
    ['GITHUB_TOKEN', `github_pat_${body(22)}_${body(59, 5)}`, `token github_pat_${body(22)}_${body(59, 5)}`],
    ['GITLAB_TOKEN', 'glpat-' + body(20, 7), `export GL=glpat-${body(20, 7)}`],
    ['SLACK_TOKEN', `xoxb-2849301746-5038172649-${body(24, 2)}`, `SLACK=xoxb-2849301746-5038172649-${body(24, 2)}`],
    ['SLACK_WEBHOOK', `https://hooks.slack.com/services/T8K2M4V9Q/B5L7N3W8R2X/${body(24, 4)}`, `post to https://hooks.slack.com/services/T8K2M4V9Q/B5L7N3W8R2X/${body(24, 4)}`],
    ['STRIPE_KEY', 'sk_live_' + body(24, 9), `stripe.api_key = "sk_live_${body(24, 9)}"`],
    ['STRIPE_KEY', 'rk_live_' + body(34, 1), `restricted rk_live_${body(34, 1)}`],
    ['GOOGLE_API_KEY', 'AIza' + body(35, 6), `key=AIza${body(35, 6)}&q=x`],
    ['OPENAI_API_KEY', 'sk-proj-' + body(120, 2), `OPENAI_API_KEY=sk-proj-${body(120, 2)}`],
    ['OPENAI_API_KEY', `sk-${body(20)}T3BlbkFJ${body(20, 8)}`, `use sk-${body(20)}T3BlbkFJ${body(20, 8)} here`],
    ['ANTHROPIC_API_KEY', `sk-ant-api03-${body(93, 4)}AA`, `x-api-key: sk-ant-api03-${body(93, 4)}AA`],
    ['JWT', `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: '4821', iat: 1732000000 })}.${body(43, 5)}`, `Authorization: Bearer ${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: '4821', iat: 1732000000 })}.${body(43, 5)}`],
    ['DATABASE_URL', 'Hq7!vR2xLp9zT4', 'DATABASE_URL=postgres://app:Hq7!vR2xLp9zT4@db.internal:5432/orders'],
    ['GENERIC_SECRET', 'f8Kq2!xVz7Lm#4Tp', 'password=f8Kq2!xVz7Lm#4Tp'],
    ['GENERIC_SECRET', Buffer.from('deploy:Zq8!vR2xLp9').toString('base64'), `Authorization: Basic ${Buffer.from('deploy:Zq8!vR2xLp9').toString('base64')}`],
    ['GENERIC_SECRET', 'npm_' + body(36, 13), `//registry.npmjs.org/:_authToken=npm_${body(36, 13)}`],
    ['GENERIC_SECRET', 'hf_' + body(34, 6), `HF_TOKEN=hf_${body(34, 6)}`],
  ];
  for (const [entity, value, text] of keys) {
    it(`finds ${entity} and masks exactly the value`, () => {
      const hits = hitsOf([text]);
      const secret = hits.find((h) => h.type === 'secret');
      expect(secret?.entities).to.include(entity);
      const r = secret!.redactions!.find((x) => text.slice(x.start, x.end) === value);
      expect(r, `redaction of ${value}`).to.not.equal(undefined);
      expect(r!.replacement).to.match(new RegExp(`^\\[${entity}_1\\]$`));
    });
  }

  it('finds an AWS secret key next to its access key id, as in a credentials CSV', () => {
    const text = `User name,Access key ID,Secret access key\nci-bot,AKIAQX7K2MV6PL4TR3NW,${body(40, 11)}`;
    expect(masked(text)).to.deep.equal(['AWS_ACCESS_KEY:AKIAQX7K2MV6PL4TR3NW', `AWS_SECRET_KEY:${body(40, 11)}`]);
  });

  it('finds a private key block written inside a JSON string', () => {
    const body64 = Buffer.from(MIX.repeat(3)).toString('base64');
    const text = `{"private_key": "-----BEGIN PRIVATE KEY-----\\n${body64}\\n-----END PRIVATE KEY-----\\n"}`;
    expect(hitsOf([text]).find((h) => h.type === 'secret')?.entities).to.deep.equal(['PRIVATE_KEY']);
  });

  it('finds a PEM private key block', () => {
    const pem = `-----BEGIN RSA PRIVATE KEY-----\n${Buffer.from(MIX.repeat(4)).toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END RSA PRIVATE KEY-----`;
    expect(masked(`key:\n${pem}\n`)).to.deep.equal([`PRIVATE_KEY:${pem}`]);
  });

  const lookAlikes = [
    'request id 3f2b8c1e-9a4d-4e6f-8b2a-7c9d1e3f5a7b failed',
    'commit 9fceb02d0ae598e95dc970b74767f19372d61af8',
    'md5sum: d41d8cd98f00b204e9800998ecf8427e  release.tar.gz',
    'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    'aws_access_key_id = AKIAIOSFODNN7EXAMPLE',
    'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    'OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxx',
    'api_key: YOUR_API_KEY',
    'password=<password>',
    'token = ${GITHUB_TOKEN}',
    'GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    'Stripe test key from the docs: sk_test_4eC39HqLyjWDarjtT1zdp7dc',
    'postgres://user:password@localhost:5432/app',
    'mysql://root:${DB_PASS}@127.0.0.1/test',
    '-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----',
    `-----BEGIN PUBLIC KEY-----\n${Buffer.from(MIX.repeat(3)).toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----`,
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'token = butter-marble-pencil',
    'password: sunshine',
    'keys start with sk- or ghp_ followed by random characters',
    'commit 9fceb02d0ae598e95dc970b74767f19372d61af8 by AKIAIOSFODNN7EXAMPLE',
    `Authorization: Basic ${Buffer.from('user:password').toString('base64')}`,
    'Basic English is a controlled language',
  ];
  for (const text of lookAlikes) {
    it(`does not flag the look-alike ${JSON.stringify(text.slice(0, 60))}`, () => {
      expect(hitsOf([text]).filter((h) => h.type === 'secret')).to.deep.equal([]);
    });
  }
});
