/**
 * The container files, checked for what can be checked without a container runtime: the
 * Dockerfile builds from the published file list and runs the package's own CLI with the V8
 * options as a non-root user with a health check; compose.yaml and the Kubernetes example of
 * docs/deployment.md start only flags the CLI knows, wire data planes to the control plane and
 * Redis by their service names, and use that image.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { parse, parseAllDocuments } from 'yaml';
import { FLAG_ENV, resolveSettings } from '../../../core/config/settings.js';
import { GATEWAY_V8_OPTIONS } from '../../../core/runtime/v8-options.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const pkg = JSON.parse(read('package.json')) as { bin: Record<string, string>; files: string[]; engines: { node: string } };

interface Instruction {
  op: string;
  args: string;
}

/** The Dockerfile's instructions by stage (continuation lines joined, comments dropped). */
function dockerStages(text: string): Instruction[][] {
  const stages: Instruction[][] = [];
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const [op, ...rest] = trimmed.split(/\s+/);
    const instruction = { op: op!.toUpperCase(), args: rest.join(' ') };
    if (instruction.op === 'FROM') stages.push([]);
    stages.at(-1)!.push(instruction);
  }
  return stages;
}

/** `--flag value` pairs of a start command as settings flags; an unknown flag fails the test. */
function startFlags(command: readonly string[], where: string): Record<string, string> {
  expect(command[0], where).to.equal('start');
  const flags: Record<string, string> = {};
  for (let i = 1; i < command.length; i += 2) {
    const flag = command[i]!.replace(/^--/, '');
    expect(FLAG_ENV, `${where}: ${command[i]}`).to.have.property(flag);
    flags[flag] = command[i + 1]!;
  }
  return flags;
}

describe('deploy: the container files', () => {
  const stages = dockerStages(read('Dockerfile'));
  const runtime = stages.at(-1)!;
  const build = stages[0]!;
  const json = (op: string) => JSON.parse(runtime.find((i) => i.op === op)!.args.replace(/^CMD\s+/, '').replace(/^--\S+\s+/g, '').replace(/^(--\S+\s+)+/, '')) as string[];

  it('builds from the published files and runs the package CLI with the V8 options, as a non-root user', () => {
    expect(stages).to.have.length(2);
    for (const stage of stages) {
      const major = Number(/^node:(\d+)-slim\b/.exec(stage[0]!.args)?.[1]);
      expect(major, stage[0]!.args).to.be.at.least(Number(/\d+/.exec(pkg.engines.node)![0]));
    }
    const user = runtime.filter((i) => i.op === 'USER').at(-1)?.args;
    expect(user).to.be.a('string').and.not.match(/^(root|0)(:|$)/);
    expect(json('ENTRYPOINT')).to.deep.equal(['node', ...GATEWAY_V8_OPTIONS, pkg.bin.portcullis]);
    // What the build stage copies: every path it names exists, and everything the package publishes is among them.
    const copied = build.filter((i) => i.op === 'COPY').flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    for (const path of copied) expect(existsSync(join(ROOT, path)), path).to.equal(true);
    for (const published of pkg.files.filter((f) => f !== 'dist/')) expect(copied, published).to.include(published.split('/')[0]!.replace(/\/$/, ''));
    // And everything the build compiles (tsconfig.build.json's `include`), top folder by top folder.
    const buildConfig = JSON.parse(read('tsconfig.build.json')) as { include: string[] };
    for (const included of buildConfig.include) expect(copied, included).to.include(included.split('/')[0]!);
    // And the console the build bundles (the folder of the Vite config `build:console` names).
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build, 'the build bundles the console').to.contain('build:console');
    const viteConfig = /--config\s+(\S+)/.exec(scripts['build:console']!)![1]!;
    expect(copied, viteConfig).to.include(viteConfig.split('/')[0]!);
    const ignored = read('.dockerignore').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    for (const path of copied) expect(ignored, path).to.not.include(path);
  });

  it('checks its health with the CLI health command', () => {
    const health = runtime.find((i) => i.op === 'HEALTHCHECK')!.args;
    const command = JSON.parse(health.slice(health.indexOf('CMD') + 3).trim()) as string[];
    expect(command).to.deep.equal(['node', pkg.bin.portcullis, 'health']);
  });

  it('compose.yaml runs a control plane, two data planes fed by it, and Redis, with flags the CLI knows', () => {
    const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, { image?: string; build?: string; command?: string[]; environment?: Record<string, string>; ports?: string[]; depends_on?: Record<string, unknown> }> };
    const env = (service: string) => Object.fromEntries(Object.entries(compose.services[service]!.environment ?? {}).map(([k, v]) => [k, String(v).replace(/\$\{[A-Z_]+:\?[^}]*\}/g, 'x'.repeat(64)).replace(/\$\{[A-Z_]+:-\}/g, '')]));
    const portcullis = Object.entries(compose.services).filter(([, s]) => s.image === 'portcullis');
    const planesOf = new Map<string, ReturnType<typeof resolveSettings>>();
    for (const [name, service] of portcullis) {
      expect(service.build, name).to.equal('.');
      planesOf.set(name, resolveSettings(startFlags(service.command!, name), env(name)));
      for (const dependency of Object.keys(service.depends_on ?? {})) expect(compose.services, `${name} depends on ${dependency}`).to.have.property(dependency);
    }
    const control = [...planesOf].filter(([, s]) => s.planes.join() === 'admin');
    const data = [...planesOf].filter(([, s]) => s.controlPlaneUrl);
    expect(control).to.have.length(1);
    expect(data).to.have.length(2);
    const [controlName, controlSettings] = control[0]!;
    for (const [name, settings] of data) {
      expect(settings.planes, name).to.include.members(['proxy', 'guardrail']);
      expect(settings.controlPlaneUrl, name).to.equal(`http://${controlName}:${controlSettings.ports.admin}`);
      expect(new URL(settings.redisUrl!).hostname, name).to.be.oneOf(Object.keys(compose.services));
      expect(settings.clusterToken, name).to.equal(controlSettings.clusterToken);
      expect(settings.masterKey, name).to.equal(controlSettings.masterKey);
    }
    expect(controlSettings.mongodbUri, 'no MongoDB unless the operator sets one').to.equal(undefined);
  });

  it("the Kubernetes example in docs/deployment.md runs that image with flags the CLI knows", () => {
    const doc = read('docs/deployment.md');
    const section = doc.slice(doc.indexOf('## Kubernetes'));
    const yamlBlock = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
    const containers = parseAllDocuments(yamlBlock)
      .map((d) => d.toJS() as { kind: string; spec?: { template?: { spec: { containers: Array<{ image: string; args: string[] }> } } } })
      .filter((d) => d.kind === 'Deployment')
      .flatMap((d) => d.spec!.template!.spec.containers);
    expect(containers.length).to.be.at.least(2);
    for (const container of containers) {
      expect(container.image).to.match(/^portcullis(:|$)/);
      resolveSettings(startFlags(container.args, container.image), {});
    }
  });
});
