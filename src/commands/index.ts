export { commandInfoList } from "./catalog.ts";
export { createDispatcher, type Dispatch, type DispatcherOptions } from "./dispatch.ts";
export type { DomainEvent, EventData, EventName } from "./events.ts";
export { MATERIALIZED_TABLES, materialize } from "./materializers/index.ts";
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
