import { listEndpoints } from "../../contract/api/index.ts";

interface Pattern {
  name: string;
  method: string;
  regex: RegExp;
  /** Literal paths win over ones with parameters (`/entries/check-new` before `/entries/:id`). */
  params: number;
}

/**
 * Names a request by the API table when the route wrapper never saw it (an idempotent replay
 * or a refusal answered by middleware first), so its label is still the endpoint's name.
 */
export function endpointMatcher(
  apiBasePath: string,
): (method: string, path: string) => string | undefined {
  const patterns: Pattern[] = listEndpoints()
    .map(({ name, endpoint }) => {
      const segments = endpoint.path
        .split("/")
        .map((segment) =>
          segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
        );
      return {
        name,
        method: endpoint.method,
        regex: new RegExp(`^${segments.join("/")}/?$`),
        params: segments.filter((segment) => segment === "[^/]+").length,
      };
    })
    .sort((a, b) => a.params - b.params);
  return (method, path) => {
    if (!path.startsWith(`${apiBasePath}/`)) return undefined;
    const within = path.slice(apiBasePath.length);
    return patterns.find((p) => p.method === method && p.regex.test(within))?.name;
  };
}
