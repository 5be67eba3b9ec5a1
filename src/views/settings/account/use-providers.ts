import { endpointInfo } from "../../../../contract/api/info.ts";
import { useAppServices } from "../../../runtime/app-services.tsx";
import { useServerRead } from "../../../services/server-read.ts";

export interface Provider {
  id: string;
  name: string;
}

const NONE: Provider[] = [];

/** The social sign-in providers the server is configured with (none when the call fails). */
export function useProviders(): Provider[] {
  const { api } = useAppServices();
  const read = useServerRead(api, endpointInfo.auth.providers, {});
  return read.status === "ready" ? [...read.data.data] : NONE;
}
