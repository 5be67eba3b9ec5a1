import { useSyncExternalStore } from "react";
import { MOBILE_MAX_WIDTH } from "../../../contract/constants.ts";

/** The mobile layout is a viewport under 1024 px. */
const QUERY = `(max-width: ${MOBILE_MAX_WIDTH - 0.02}px)`;

function subscribe(listener: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", listener);
  return () => media.removeEventListener("change", listener);
}

const snapshot = () => window.matchMedia(QUERY).matches;

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
