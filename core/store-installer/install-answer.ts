/**
 * The installer's answer (spec 2.3; schemas/api/admin/store-install-response.schema.json): every
 * flag present, false unless the situation sets it.
 */
import type { StoreInstance, StoreServerRecord } from './records.js';

/** `installed` (now or before), `pending_approval` (a request is open) or `not_installed` (a flag says why). */
export type InstallStatus = 'installed' | 'pending_approval' | 'not_installed';

export interface InstallAnswer {
  code: string;
  name: string;
  status: InstallStatus;
  already_installed: boolean;
  pending: boolean;
  requires_admin_setup: boolean;
  requires_auth: boolean;
  requires_config: boolean;
  requires_instance_choice: boolean;
  requires_reason: boolean;
  instance_choices?: StoreInstance[];
  instance_id?: string;
  install_id?: string;
  approval_id?: string;
}

type Flags = Partial<Omit<InstallAnswer, 'code' | 'name' | 'status'>>;

/** The answer for `server` with `status`, the given flags and fields set. */
export function installAnswer(server: StoreServerRecord, status: InstallStatus, flags: Flags = {}): InstallAnswer {
  const answer: InstallAnswer = {
    code: server.code,
    name: server.name,
    status,
    already_installed: false,
    pending: false,
    requires_admin_setup: false,
    requires_auth: false,
    requires_config: false,
    requires_instance_choice: false,
    requires_reason: false,
  };
  for (const [key, value] of Object.entries(flags)) if (value !== undefined) (answer as unknown as Record<string, unknown>)[key] = value;
  return answer;
}
