export { commandInfoList } from "./catalog.ts";
export type { DomainEvent, EventData, EventName } from "./events.ts";
export type { Dispatch } from "./host.ts";
export { materialize } from "./materializers/index.ts";
export {
  type AnyCommand,
  type CommandName,
  commandList,
  commands,
  findCommand,
  type PayloadOf,
} from "./registry.ts";
export type {
  CommandContext,
  CommandDefinition,
  CommandInfo,
  CommandMeta,
  SyncApi,
} from "./types.ts";
