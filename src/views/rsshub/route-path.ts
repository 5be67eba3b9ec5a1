/** One `:name` segment of a feed route's path (`:name?` optional, `:name{.+}` may hold slashes). */
export interface RouteParam {
  name: string;
  optional: boolean;
  /** The value may span several path segments (`{.+}`). */
  rest: boolean;
}

const PARAM = /^:(\w+)(\{[^}]*\})?(\?)?$/;

/** The parameters a route path declares, in order. */
export function routeParams(path: string): RouteParam[] {
  return path.split("/").flatMap((segment) => {
    const match = PARAM.exec(segment);
    return match
      ? [{ name: match[1]!, optional: match[3] === "?", rest: /\.[+*]/.test(match[2] ?? "") }]
      : [];
  });
}

export interface BuiltRoute {
  /** `rsshub://namespace/...`, or null while a needed parameter is missing. */
  url: string | null;
  /** Parameters to fill before the route makes sense. */
  missing: string[];
}

/**
 * The feed address of a route with its parameters filled in. An optional parameter left empty
 * ends the path there, so a later one that is filled makes the empty ones before it needed.
 */
export function buildRoute(
  namespace: string,
  path: string,
  values: Readonly<Record<string, string>>,
): BuiltRoute {
  const segments = path.split("/").filter((s) => s.length > 0);
  const lastFilled = segments.reduce((last, segment, index) => {
    const match = PARAM.exec(segment);
    return match && values[match[1]!]?.trim() ? index : last;
  }, -1);
  const out: string[] = [];
  const missing: string[] = [];
  for (const [index, segment] of segments.entries()) {
    const match = PARAM.exec(segment);
    if (!match) {
      out.push(segment);
      continue;
    }
    const [, name, pattern, optional] = match;
    const value = values[name!]?.trim() ?? "";
    if (!value) {
      if (optional && index > lastFilled) break;
      missing.push(name!);
      continue;
    }
    const rest = /\.[+*]/.test(pattern ?? "");
    out.push(rest ? value.split("/").map(encodeURIComponent).join("/") : encodeURIComponent(value));
  }
  return {
    url: missing.length === 0 ? `rsshub://${namespace}/${out.join("/")}`.replace(/\/$/, "") : null,
    missing,
  };
}
