import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../logging/logger.js';
import type { SealedSecret, SecretBox } from '../security/secret-box.js';
import type { ConfigDocument } from '../snapshot/config-document.js';

/**
 * A data plane's last config on disk, so it serves after a restart while the control plane is
 * down. The whole document is encrypted with the master key (AES-256-GCM) and written
 * atomically (temporary file, fsync, rename) with owner-only permissions.
 */
export class ConfigCache {
  private readonly path: string;

  constructor(
    dataDir: string,
    private readonly box: SecretBox,
    private readonly log: Logger,
  ) {
    this.path = join(dataDir, 'config-cache.json');
  }

  load(): ConfigDocument | undefined {
    if (!existsSync(this.path)) return undefined;
    try {
      const sealed = JSON.parse(readFileSync(this.path, 'utf8')) as SealedSecret;
      return JSON.parse(this.box.open(sealed)) as ConfigDocument;
    } catch (err) {
      this.log.error('config cache unreadable (wrong master key?); starting without it', { error: (err as Error).message });
      return undefined;
    }
  }

  save(document: ConfigDocument): void {
    const tmp = `${this.path}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify(this.box.seal(JSON.stringify(document))));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.path);
  }
}
