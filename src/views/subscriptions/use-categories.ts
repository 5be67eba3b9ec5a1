import { of } from "rxjs";
import { allSubscriptions$, type SubscriptionItem } from "../../queries/index.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";

/** Every subscription, any view; empty while the database opens. */
export function useAllSubscriptions(): SubscriptionItem[] {
  const reader = useRuntime();
  return useLiveQuery(() => (reader ? allSubscriptions$(reader.db) : of([])), [reader]) ?? [];
}

/** Every folder name in use, sorted (the category pickers' suggestions). */
export function useCategories(): string[] {
  const subscriptions = useAllSubscriptions();
  const names = new Set<string>();
  for (const item of subscriptions) if (item.category) names.add(item.category);
  return [...names].sort((a, b) => a.localeCompare(b));
}
