import fs from "node:fs";
import { corpusRelative, listFixtures } from "./fixtures.ts";

/**
 * Every XSS vector the xss-vectors corpus holds, whatever its files: each `*.json` file is a
 * list of vectors, an object with a string `payload` and, to name it, any of `id`, `title`,
 * `name`. A file that is not such a list, or an entry without a payload, is reported as
 * invalid (counted by the tests as a failure), never thrown.
 */
export interface XssVector {
  label: string;
  payload: string;
}

export interface XssCorpus {
  vectors: XssVector[];
  files: number;
  /** What could not be read, one line each ("file: reason" or "file #i: reason"). */
  invalid: string[];
}

export function loadXssVectors(): XssCorpus {
  const files = listFixtures("xss-vectors", /\.json$/i);
  const vectors: XssVector[] = [];
  const invalid: string[] = [];
  for (const file of files) {
    const name = corpusRelative(file)
      .replace(/^xss-vectors[\\/]/, "")
      .replace(/\.json$/i, "");
    let list: unknown;
    try {
      list = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
      invalid.push(`${name}: not JSON (${(error as Error).message})`);
      continue;
    }
    if (!Array.isArray(list)) {
      invalid.push(`${name}: not a list of vectors`);
      continue;
    }
    list.forEach((entry: unknown, i) => {
      const record = (typeof entry === "object" && entry !== null ? entry : {}) as Record<
        string,
        unknown
      >;
      if (typeof record.payload !== "string") {
        invalid.push(`${name} #${i}: no payload`);
        return;
      }
      const id = typeof record.id === "number" || typeof record.id === "string" ? record.id : i;
      const title = [record.title, record.name].find((v) => typeof v === "string") ?? "";
      vectors.push({ label: `${name} #${id} ${title}`.trim(), payload: record.payload });
    });
  }
  return { vectors, files: files.length, invalid };
}
