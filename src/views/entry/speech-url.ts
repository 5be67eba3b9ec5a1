import { endpointInfo } from "../../../contract/api/info.ts";

/** The API base, as the API client is configured (src/app/env.ts). */
const API_BASE = ((import.meta.env.VITE_API_URL as string | undefined) || "/api").replace(
  /\/$/,
  "",
);

/** Where the corner player fetches an entry read aloud by the server (same origin, its cookie). */
export function speechUrl(entryId: string): string {
  return `${API_BASE}${endpointInfo.ai.speech.path}?id=${encodeURIComponent(entryId)}`;
}
