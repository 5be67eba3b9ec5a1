import { useEffect, useState } from "react";
import { endpointInfo } from "../../../../contract/api/info.ts";
import { useAppServices } from "../../../runtime/app-services.tsx";

export interface Provider {
  id: string;
  name: string;
}

/** The social sign-in providers the server is configured with (none when the call fails). */
export function useProviders(): Provider[] {
  const { api } = useAppServices();
  const [providers, setProviders] = useState<Provider[]>([]);
  useEffect(() => {
    let live = true;
    api.call(endpointInfo.auth.providers, {}, { silent: true }).then(
      (answer) => live && setProviders([...answer.data]),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return providers;
}
