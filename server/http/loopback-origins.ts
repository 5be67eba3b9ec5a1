/**
 * The origins a default install is reached at. Without PUBLIC_URL the server only knows the
 * address it listens on, but a person types `localhost` as readily as `127.0.0.1` (the README
 * says localhost): on a loopback or wildcard listen address every loopback spelling of the same
 * port is the same server, so each is a trusted origin for sign-up and writes.
 */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]", "0.0.0.0", "::"]);

export function loopbackOrigins(host: string, port: number): string[] {
  if (!LOOPBACK_HOSTS.has(host.toLowerCase())) return [];
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}
