import type { Context } from "hono";
import { ApiError } from "../http/api-error.ts";

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
  for (const [, value] of [...query, ...(body ?? [])]) refuseNul(value);
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

/**
 * No field may hold U+0000 (PostgreSQL cannot store it, and no id or label has one): a 400,
 * as the product's own endpoints answer.
 */
export function refuseNul(text: string): string {
  if (text.includes("\u0000")) throw new ApiError(1002, "U+0000 is not allowed in a field");
  return text;
}
