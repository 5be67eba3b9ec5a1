import type { CompareOp, Node } from "./python-parse.ts";

/**
 * Evaluates a parsed expression against a namespace. Besides plain values, the namespace can
 * hold Views (dict-like objects whose keys map onto our model) and Comparables (our values
 * that know how feedparser's values relate to them). Touching something our model does not
 * have throws Unmappable: the case is then counted as unmappable, with its reason, rather
 * than passed or failed. A missing key or a Python-level error throws PyEvalError (a failure).
 */
export type PyValue =
  | null
  | boolean
  | number
  | string
  | PyValue[]
  | Map<string, PyValue>
  | View
  | Comparable
  | Special;

export class Unmappable extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.reason = reason;
  }
}

export class PyEvalError extends Error {}

/** A dict-like object; `get` returns undefined for a key feedparser would not have. */
export interface View {
  readonly kind: "view";
  get(key: string): PyValue | undefined;
  /**
   * True when the object stands for a value our model does not hold (a `*_detail` of an absent
   * field): it can still be indexed (its value compares as ""), but `in` finds it absent.
   */
  readonly absent?: boolean;
}

/** One of our values standing in for a feedparser value, with its own equality rules. */
export interface Comparable {
  readonly kind: "comparable";
  /** True/false, or throws Unmappable when the comparison says nothing about us. */
  equals(other: PyValue): boolean;
  /** The plain value for len(), ord(), `in`, indexing. */
  plain(): PyValue;
}

/** A name whose only mappable use is under `not` (e.g. `not bozo`). */
export interface Special {
  readonly kind: "special";
  negated(): boolean;
  truthy(): boolean;
}

export function view(get: (key: string) => PyValue | undefined, absent = false): View {
  return { kind: "view", get, absent };
}

export function evaluate(node: Node, names: Record<string, PyValue>): PyValue {
  const ev = (n: Node): PyValue => evaluate(n, names);
  switch (node.kind) {
    case "literal":
      return node.value;
    case "name": {
      if (!(node.name in names)) throw new Unmappable(`name not modelled: ${node.name}`);
      return names[node.name]!;
    }
    case "sequence":
      return node.items.map(ev);
    case "dict":
      return new Map(node.entries.map(([k, v]) => [String(plain(ev(k))), ev(v)]));
    case "index":
      return index(ev(node.target), plain(ev(node.index)));
    case "attribute":
      return attribute(ev(node.target), node.name);
    case "call":
      return call(node, names);
    case "not": {
      const operand = ev(node.operand);
      if (isSpecial(operand)) return operand.negated();
      return !truthy(operand);
    }
    case "negate": {
      const operand = plain(ev(node.operand));
      if (typeof operand !== "number") throw new PyEvalError("unary minus on a non-number");
      return -operand;
    }
    case "add": {
      const left = plain(ev(node.left));
      const right = plain(ev(node.right));
      if (typeof left === "string" && typeof right === "string") return left + right;
      if (typeof left === "number" && typeof right === "number") return left + right;
      if (Array.isArray(left) && Array.isArray(right)) return [...left, ...right];
      throw new PyEvalError("unsupported operand types for +");
    }
    case "bool": {
      const left = ev(node.left);
      if (node.op === "and") return truthy(left) ? ev(node.right) : left;
      return truthy(left) ? left : ev(node.right);
    }
    case "compare": {
      let left = ev(node.first);
      for (const [op, rightNode] of node.rest) {
        const right = ev(rightNode);
        if (!compare(op, left, right)) return false;
        left = right;
      }
      return true;
    }
  }
}

function isSpecial(value: PyValue): value is Special {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Map) &&
    value.kind === "special"
  );
}
function isView(value: PyValue): value is View {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Map) &&
    value.kind === "view"
  );
}
function isComparable(value: PyValue): value is Comparable {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Map) &&
    value.kind === "comparable"
  );
}

export function plain(value: PyValue): PyValue {
  return isComparable(value) ? value.plain() : value;
}

export function truthy(value: PyValue): boolean {
  if (isSpecial(value)) return value.truthy();
  const v = plain(value);
  if (v === null || v === false || v === 0 || v === "") return false;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof Map) return v.size > 0;
  return true;
}

function index(target: PyValue, key: PyValue): PyValue {
  if (isView(target)) {
    const value = target.get(String(key));
    if (value === undefined) throw new PyEvalError(`KeyError: ${String(key)}`);
    return value;
  }
  const t = plain(target);
  if (t instanceof Map) {
    const value = t.get(String(key));
    if (value === undefined) throw new PyEvalError(`KeyError: ${String(key)}`);
    return value;
  }
  if (Array.isArray(t) || typeof t === "string") {
    if (typeof key !== "number") throw new PyEvalError("sequence index must be a number");
    const items = typeof t === "string" ? [...t] : t;
    const value = items[key < 0 ? items.length + key : key];
    if (value === undefined) throw new PyEvalError(`IndexError: ${key}`);
    return value;
  }
  throw new PyEvalError(`cannot index ${typeof t}`);
}

function attribute(target: PyValue, name: string): PyValue {
  if (name === "has_key" || name === "keys")
    throw new Unmappable(`dict method not modelled: ${name}()`);
  return index(target, name);
}

function call(node: Extract<Node, { kind: "call" }>, names: Record<string, PyValue>): PyValue {
  const args = node.args.map((a) => evaluate(a, names));
  if (node.callee.kind === "name") {
    const [first] = args;
    if (node.callee.name === "len") {
      const v = plain(first ?? null);
      if (typeof v === "string") return [...v].length;
      if (Array.isArray(v)) return v.length;
      if (v instanceof Map) return v.size;
      throw new Unmappable("len() of a dict-like feedparser object");
    }
    if (node.callee.name === "ord") {
      const v = plain(first ?? null);
      if (typeof v !== "string" || [...v].length !== 1)
        throw new PyEvalError("ord() expects one character");
      return v.codePointAt(0)!;
    }
    throw new Unmappable(`function not modelled: ${node.callee.name}()`);
  }
  if (node.callee.kind === "attribute" && node.callee.name === "get") {
    const target = evaluate(node.callee.target, names);
    const key = String(plain(args[0] ?? null));
    const fallback = args[1] ?? null;
    if (isView(target)) return target.get(key) ?? fallback;
    const t = plain(target);
    if (t instanceof Map) return t.get(key) ?? fallback;
    throw new PyEvalError(".get() on a non-dict");
  }
  throw new Unmappable("method call not modelled");
}

function compare(op: CompareOp, left: PyValue, right: PyValue): boolean {
  switch (op) {
    case "==":
      return equal(left, right);
    case "!=":
      return !equal(left, right);
    case "is":
      return equal(left, right) && (plain(right) === null || typeof plain(right) === "boolean");
    case "is not":
      return !compare("is", left, right);
    case "in":
      return contains(right, left);
    case "not in":
      return !contains(right, left);
    default: {
      const l = plain(left);
      const r = plain(right);
      if (typeof l !== typeof r || (typeof l !== "number" && typeof l !== "string"))
        throw new PyEvalError(`cannot order ${typeof l} and ${typeof r}`);
      const [a, b] = [l as number | string, r as number | string];
      return op === "<" ? a < b : op === ">" ? a > b : op === "<=" ? a <= b : a >= b;
    }
  }
}

export function equal(left: PyValue, right: PyValue): boolean {
  if (isComparable(left)) return left.equals(plain(right));
  if (isComparable(right)) return right.equals(plain(left));
  if (isView(left) || isView(right))
    throw new Unmappable("comparison of a whole feedparser object");
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, i) => equal(item, right[i]!));
  }
  if (left instanceof Map && right instanceof Map) {
    if (left.size !== right.size) return false;
    return [...left].every(([k, v]) => right.has(k) && equal(v, right.get(k)!));
  }
  return left === right;
}

function contains(container: PyValue, item: PyValue): boolean {
  if (isView(container)) {
    // A key is present when it maps onto a field of ours holding a (non-empty) value.
    const value = container.get(String(plain(item)));
    if (value === undefined || (isView(value) && value.absent)) return false;
    return plain(value) !== null && plain(value) !== "";
  }
  const c = plain(container);
  const i = plain(item);
  if (typeof c === "string") {
    if (typeof i !== "string") throw new PyEvalError("'in <string>' requires a string");
    return c.includes(i);
  }
  if (Array.isArray(c)) return c.some((element) => equal(element, i));
  if (c instanceof Map) return c.has(String(i));
  throw new PyEvalError("argument is not iterable");
}
