import { availableParallelism } from "node:os";

/** Ingestion worker threads by default: one per core but one (the event loop's), at least one. */
export const DEFAULT_POOL_SIZE = Math.max(1, availableParallelism() - 1);
