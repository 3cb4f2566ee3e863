/**
 * The part of `oidc-provider`'s API the gateway uses (the package ships no type declarations).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface InteractionRecord {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id: string; redirect_uri?: string; scope?: string; resource?: string | string[] };
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    returnTo: string;
    exp: number;
    result?: Record<string, unknown>;
    lastSubmission?: Record<string, unknown>;
    save(ttl: number): Promise<string>;
  }

  export interface GrantInstance {
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(ttl?: number): Promise<string>;
  }

  export interface ClientInstance {
    clientId: string;
    clientName?: string;
    redirectUris?: string[];
    applicationType?: string;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionRecord>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    on(event: string, listener: (...args: any[]) => void): this;
    Interaction: { find(uid: string): Promise<InteractionRecord | undefined> };
    Grant: { new (fields: { accountId: string; clientId: string }): GrantInstance; find(id: string): Promise<GrantInstance | undefined> };
    Client: { find(id: string): Promise<ClientInstance | undefined> };
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
    InvalidRequest: new (description?: string) => Error;
    AccessDenied: new (description?: string) => Error;
  };

  export default Provider;
}
