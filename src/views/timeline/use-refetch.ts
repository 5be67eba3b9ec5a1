import { useCallback, useState } from "react";
import type { RuntimeServices } from "../../runtime/start-runtime.ts";

/**
 * Refetch: entries read in the meantime leave the list (restart), and the server is asked for
 * fresh state. Offline or refused, the local timeline simply stays.
 */
export function useRefetch(reader: RuntimeServices | undefined, restart: () => void) {
  const [refetching, setRefetching] = useState(false);
  const refetch = useCallback(async () => {
    if (!reader) return;
    setRefetching(true);
    restart();
    try {
      await reader.engine.pull({ entries: true });
    } catch {
      // Nothing to do: the indicator shows offline, the list stays.
    } finally {
      setRefetching(false);
    }
  }, [reader, restart]);
  return { refetch, refetching };
}
