/**
 * The endpoint (its name in the API table) a request was routed to, for whoever observes the
 * answer outside the router (metrics label requests by it, never by the raw path and its ids).
 */
const names = new WeakMap<Request, string>();

export function nameRequest(request: Request, name: string): void {
  names.set(request, name);
}

export function endpointNameOf(request: Request): string | undefined {
  return names.get(request);
}
