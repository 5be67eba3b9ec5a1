import { type Schema, SchemaAST } from "effect";
import type { ColumnKind } from "./columns.ts";
import { snakeCase } from "./model-columns.ts";

/** How a column stores a field and whether it may be NULL, as a wire model's Schema says. */
export interface ColumnShape {
  readonly kind: ColumnKind;
  readonly nullable: boolean;
}

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
function storage(ast: SchemaAST.AST): ColumnShape {
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

/**
 * The columns a wire model's Schema implies for `keys` (snake_case names): what the tables'
 * light declarations (modelColumns) are checked against, so they stay derived from the model.
 */
export function schemaColumns(
  model: Schema.Struct<Schema.Struct.Fields>,
  keys: readonly string[],
): Record<string, ColumnShape> {
  const columns: Record<string, ColumnShape> = {};
  for (const key of keys) {
    const field = model.fields[key];
    if (!field) throw new Error(`The model has no field ${key}`);
    columns[snakeCase(key)] = storage(field.ast);
  }
  return columns;
}
