import type { Context } from "hono";

/** Request fields of a reader call: the query and a form body, with repeated names kept. */
export interface Fields {
  get(name: string): string | undefined;
  all(name: string): string[];
}

/**
 * Reads the query and the body as a form, whatever content type the client declared (some send
 * none, some `text/plain`): clients post `a=…&i=…&i=…` and a `T` with a trailing newline.
 */
export async function readFields(c: Context): Promise<Fields> {
  const query = new URL(c.req.url).searchParams;
  const method = c.req.method;
  const body =
    method === "POST" || method === "PUT" ? new URLSearchParams(await c.req.text()) : undefined;
  const all = (name: string) => [...query.getAll(name), ...(body?.getAll(name) ?? [])];
  return {
    all,
    get: (name) => all(name)[0],
  };
}

/** A number field, or undefined. */
export function numberField(fields: Fields, name: string): number | undefined {
  const value = fields.get(name);
  if (value === undefined || value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}
