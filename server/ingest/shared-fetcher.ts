import { createFetcher, type Fetcher } from "./guarded-fetch.ts";

/**
 * The process-wide strict fetcher (no private networks), created on first use. Its own module
 * so that fetching code does not load the parsing stages: those run in the worker pool.
 */
let defaultFetcher: Fetcher | null = null;

export function sharedFetcher(): Fetcher {
  defaultFetcher ??= createFetcher();
  return defaultFetcher;
}
