import type { Dialect } from "./db-copy-sides.ts";

/**
 * What a column holds, whatever the dialect spells it: a SQLite file keeps better-auth's
 * booleans as 0/1, its dates as ISO strings and its JSON as text, where PostgreSQL has boolean,
 * timestamptz and jsonb. Values travel between the two in this logical form.
 */
export type Logical =
  | "boolean"
  | "timestamp"
  | "json"
  | "integer"
  | "float"
  | "numeric"
  | "bytes"
  | "text";

/** A value in logical form: what both sides agree on, and what the checksums hash. */
export type Value = null | boolean | string | bigint | number | Buffer | { json: unknown };

export function logicalOfPostgres(type: string): Logical | undefined {
  if (type === "boolean") return "boolean";
  if (type.startsWith("timestamp") || type === "date") return "timestamp";
  if (type === "json" || type === "jsonb") return "json";
  if (["smallint", "integer", "bigint"].includes(type)) return "integer";
  if (type === "real" || type === "double precision") return "float";
  if (type.startsWith("numeric")) return "numeric";
  if (type === "bytea") return "bytes";
  if (type === "text" || type.startsWith("character")) return "text";
  return undefined;
}

/** SQLite's type affinity rules (https://sqlite.org/datatype3.html, 3.1). */
export function logicalOfSqlite(declared: string): Logical {
  const type = declared.toUpperCase();
  if (type.includes("INT")) return "integer";
  if (type.includes("CHAR") || type.includes("CLOB") || type.includes("TEXT")) return "text";
  if (type === "" || type.includes("BLOB")) return "bytes";
  if (type.includes("REAL") || type.includes("FLOA") || type.includes("DOUB")) return "float";
  return "numeric";
}

export class ValueError extends Error {}

/** A value as the source driver returned it, in logical form. */
export function fromDriver(raw: unknown, logical: Logical): Value {
  if (raw === null || raw === undefined) return null;
  switch (logical) {
    case "boolean":
      if (typeof raw === "boolean") return raw;
      if (raw === 0 || raw === 0n || raw === 1 || raw === 1n) return raw === 1 || raw === 1n;
      throw new ValueError(`${String(raw)} is not a boolean`);
    case "timestamp": {
      const date =
        raw instanceof Date
          ? raw
          : new Date(typeof raw === "bigint" ? Number(raw) : (raw as string));
      if (Number.isNaN(date.getTime())) throw new ValueError(`${String(raw)} is not a date`);
      return date.toISOString();
    }
    case "json":
      if (typeof raw !== "string") return { json: raw };
      try {
        return { json: JSON.parse(raw) };
      } catch {
        throw new ValueError(`${raw.slice(0, 40)} is not JSON`);
      }
    case "integer":
      if (typeof raw === "number" && !Number.isInteger(raw)) return raw;
      return BigInt(raw as string | number | bigint);
    case "float":
      return Number(raw);
    case "bytes":
      if (Buffer.isBuffer(raw)) return raw;
      if (raw instanceof Uint8Array) return Buffer.from(raw);
      return typeof raw === "bigint" ? raw : (raw as string | number);
    case "numeric":
      return typeof raw === "string" || typeof raw === "bigint" ? raw : Number(raw);
    default:
      if (typeof raw === "string") return raw;
      if (Buffer.isBuffer(raw)) return raw;
      return String(raw);
  }
}

/** For SQLite: a statement parameter. */
export function toSqlite(value: Value): unknown {
  if (value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "object" && !Buffer.isBuffer(value)) return stableJson(value.json);
  return value;
}

/**
 * For PostgreSQL: a field of the JSON document json_to_recordset turns into rows (one
 * parameter per batch, whatever its size). PostgreSQL text cannot hold U+0000, and the server
 * refuses it at its boundary (contract/nul-text.ts): a row holding one is refused here too.
 */
export function toPostgresJson(value: Value): unknown {
  if (value === null || typeof value === "boolean") return value;
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (Buffer.isBuffer(value)) return `\\x${value.toString("hex")}`;
  if (typeof value === "object") return value.json;
  if (value.includes("\u0000"))
    throw new ValueError("text holds U+0000, which PostgreSQL cannot store");
  return value;
}

/** For PostgreSQL: a query parameter (keys of the keyset pagination). */
export function toPostgresParam(value: Value): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value !== null && typeof value === "object" && !Buffer.isBuffer(value)) {
    return JSON.stringify(value.json);
  }
  return value;
}

/** The row's canonical text, the same from either dialect: what the checksum hashes. */
export function canonical(values: readonly Value[]): string {
  return JSON.stringify(
    values.map((v) => {
      if (v === null || typeof v === "boolean" || typeof v === "string") return v;
      if (typeof v === "bigint") return { i: v.toString() };
      if (typeof v === "number") return { f: String(v) };
      if (Buffer.isBuffer(v)) return { b: v.toString("hex") };
      return { j: stableJson(v.json) };
    }),
  );
}

/** JSON with object keys sorted: jsonb reorders keys, so text order cannot be compared. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Keys kept in the progress record, as JSON. */
export function encodeKey(values: readonly Value[]): string {
  return JSON.stringify(
    values.map((v) =>
      typeof v === "bigint" ? v.toString() : Buffer.isBuffer(v) ? v.toString("hex") : v,
    ),
  );
}

export function decodeKey(text: string, logicals: readonly Logical[]): Value[] {
  const raw = JSON.parse(text) as unknown[];
  return raw.map((v, i) => {
    if (v === null) return null;
    if (logicals[i] === "integer" && typeof v === "string") return BigInt(v);
    if (logicals[i] === "bytes" && typeof v === "string") return Buffer.from(v, "hex");
    return v as Value;
  });
}

export type { Dialect };
