import { expect } from 'chai';
import { masked } from '../inspect.js';
import { BASE62, BASE64URL, HEX, Values } from './values.js';

/** Asserts that every text masks `value` as `entity`. */
function expectMasked(cases: Array<{ text: string; value: string }>, entity: string): void {
  for (const { text, value } of cases) expect(masked(text), text).to.include(`${entity}:${value}`);
}

describe('data_loss_prevention secrets: credential types caught', () => {
  it('finds Azure storage account keys in connection strings, CLI flags and settings', () => {
    const v = new Values(11);
    const cases = Array.from({ length: 8 }, (_, i) => {
      const value = v.base64(64);
      const text = [
        `DefaultEndpointsProtocol=https;AccountName=acme${i};AccountKey=${value};EndpointSuffix=core.windows.net`,
        `"AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=fn${i};AccountKey=${value}"`,
        `az storage container list --account-name logs${i} --account-key ${value}`,
        `AZURE_STORAGE_KEY=${value}`,
      ][i % 4];
      return { text, value };
    });
    expectMasked(cases, 'AZURE_STORAGE_KEY');
  });

  it('finds AWS secret keys beside an access key id or under an AWS secret name', () => {
    const v = new Values(12);
    const cases = Array.from({ length: 8 }, (_, i) => {
      const value = v.chars(BASE62, 30) + v.chars(BASE62 + '+/', 10);
      const id = 'AKIA' + v.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16);
      const text = [
        `aws configure set aws_secret_access_key ${value}`,
        `conn = S3Connection(key_id, "${value}")  # aws secret`,
        `my aws secret key is ${value}, is that why uploads fail?`,
        `s3 = S3Connection("${id}", "${value}")`,
      ][i % 4];
      return { text, value };
    });
    expectMasked(cases, 'AWS_SECRET_KEY');
  });

  it('finds passwords in config files, connection strings and command lines', () => {
    const v = new Values(13);
    const words = ['Falcon', 'Orchid', 'Harbor', 'Cobalt', 'Quartz', 'Ember'];
    const cases = Array.from({ length: 12 }, (_, i) => {
      const value = i % 2 ? `${words[i % 6]}${v.int(1970, 2030)}!${v.chars(BASE62, 3)}` : v.chars(BASE62 + '!#%*', v.int(10, 18));
      const text = [
        `Server=db.internal;Database=Orders;User Id=sa;Password=${value};`,
        `<add key="SmtpPassword" value="${value}" />`,
        `mysql -u root -p'${value}' -h 127.0.0.1 orders`,
        `[client]\nuser=backup\npassword=${value}`,
        `spring.datasource.password=${value}`,
        `pg_dump --dbname=orders --password=${value}`,
      ][i % 6];
      return { text, value };
    });
    expectMasked(cases, 'GENERIC_SECRET');
  });

  it('finds Telegram bot tokens in settings, URLs and prose', () => {
    const v = new Values(14);
    const cases = Array.from({ length: 8 }, (_, i) => {
      const value = `${v.int(100000000, 7999999999)}:AA${v.chars(BASE64URL, 33)}`;
      const text = [`TELEGRAM_BOT_TOKEN=${value}`, `curl https://api.telegram.org/bot${value}/getUpdates`, `bot = telebot.TeleBot("${value}")`, `my bot token is ${value}, why no updates?`][i % 4];
      return { text, value };
    });
    expectMasked(cases, 'TELEGRAM_BOT_TOKEN');
  });

  it('finds Twilio API keys (SK) and account SIDs (AC)', () => {
    const v = new Values(15);
    const cases = Array.from({ length: 8 }, (_, i) => {
      const value = (i % 2 ? 'SK' : 'AC') + v.chars(HEX, 32);
      const text = [`TWILIO_API_KEY=${value}`, `client = Client("${value}", secret)`, `const client = twilio('${value}', process.env.TWILIO_SECRET);`, `twilio api:core:messages:list -u ${value}`][i % 4];
      return { text, value };
    });
    expectMasked(cases, 'TWILIO_KEY');
  });

  it('finds provider formats kept as rule data beyond the original ones', () => {
    const v = new Values(16);
    const cases = [
      { value: `dapi${v.chars(HEX, 32)}`, entity: 'GENERIC_SECRET' },
      { value: `hvs.${v.chars(BASE64URL, 95)}`, entity: 'GENERIC_SECRET' },
      { value: `pplx-${v.chars(BASE62, 48)}`, entity: 'GENERIC_SECRET' },
      { value: `lin_api_${v.chars(BASE62, 40)}`, entity: 'GENERIC_SECRET' },
      { value: `PMAK-${v.chars(HEX, 24)}-${v.chars(HEX, 34)}`, entity: 'GENERIC_SECRET' },
      { value: `glsa_${v.chars(BASE62, 32)}_${v.chars(HEX, 8)}`, entity: 'GENERIC_SECRET' },
      { value: `xoxp-${v.int(1e10, 9e10)}-${v.int(1e10, 9e10)}-${v.int(1e10, 9e10)}-${v.chars(HEX, 32)}`, entity: 'SLACK_TOKEN' },
      { value: v.githubToken('ghr_'), entity: 'GITHUB_TOKEN' },
    ];
    for (const { value, entity } of cases) expect(masked(`deploy step uses ${value} today`), value).to.include(`${entity}:${value}`);
  });
});
