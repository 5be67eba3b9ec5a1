import { type Schema, SchemaAST } from "effect";
import {
  boolean,
  type Column,
  type ColumnKind,
  integer,
  json,
  type Stored,
  text,
} from "./columns.ts";

/** `siteUrl` → `site_url`: the local column name of a wire field. */
export type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : "";

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

type Field<T, K extends keyof T> =
  Record<never, never> extends Pick<T, K> ? Exclude<T[K], undefined> | null : T[K];

/** The columns `keys` of a wire model become: snake_case names, optional fields nullable. */
export type ModelColumns<T, K extends keyof T & string> = {
  [P in K as SnakeCase<P>]: Column<Field<T, P>>;
};

const KINDS: Partial<Record<string, ColumnKind>> = {
  String: "text",
  TemplateLiteral: "text",
  Number: "integer",
  Boolean: "boolean",
  Arrays: "json",
  Objects: "json",
};

function literalKind(value: unknown): ColumnKind {
  if (typeof value === "number") return "integer";
  if (typeof value === "boolean") return "boolean";
  return "text";
}

/** How a field's schema is stored, and whether it may be NULL. */
function storage(ast: SchemaAST.AST): { kind: ColumnKind; nullable: boolean } {
  const optional = ast.context?.isOptional === true;
  const members = SchemaAST.isUnion(ast) ? ast.types : [ast];
  const present = members.filter((m) => !SchemaAST.isNull(m) && !SchemaAST.isUndefined(m));
  const kinds = new Set(
    present.map((m) =>
      SchemaAST.isLiteral(m) ? literalKind(m.literal) : (KINDS[m._tag] ?? "json"),
    ),
  );
  const kind = kinds.size === 1 ? [...kinds][0]! : "json";
  return { kind, nullable: optional || present.length < members.length };
}

const MAKE: Record<ColumnKind, () => Column<never>> = {
  text: () => text() as Column<never>,
  integer: () => integer() as Column<never>,
  real: () => integer() as Column<never>,
  boolean: () => boolean() as Column<never>,
  json: () => json() as Column<never>,
};

/**
 * Local columns derived from a wire model's fields: the model is the one declaration of a
 * field's name and type, the table picks which fields it keeps.
 */
export function modelColumns<T, const K extends keyof T & string>(
  model: Schema.Struct<Schema.Struct.Fields> & { readonly Type: T },
  keys: readonly K[],
): ModelColumns<T, K> {
  const columns: Record<string, Column> = {};
  for (const key of keys) {
    const field = model.fields[key];
    if (!field) throw new Error(`The model has no field ${key}`);
    const { kind, nullable } = storage(field.ast);
    const column = MAKE[kind]();
    columns[snakeCase(key)] = nullable ? column.orNull() : column;
  }
  return columns as ModelColumns<T, K>;
}

/**
 * A wire model's fields as a SQL row stores them (snake_case names, booleans as numbers, lists
 * and objects as JSON text): the server's tables take their shared columns from this, and add
 * their server-only ones.
 */
export type StoredModelRow<T, K extends keyof T & string> = {
  [P in K as SnakeCase<P>]: Stored<Field<T, P>>;
};
