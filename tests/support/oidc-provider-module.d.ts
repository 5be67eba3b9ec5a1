/**
 * The little of oidc-provider's API the test provider uses (the package ships no types and
 * @types/oidc-provider is not installed).
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    Grant: new (options: {
      accountId: string;
      clientId: string;
    }) => Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<{ uid: string; params: Record<string, unknown> }>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
    ): Promise<void>;
  }
}
