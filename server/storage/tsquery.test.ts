import { describe, expect, it } from "vitest";
import { parseSearchQuery } from "../../contract/search/query.ts";
import { fieldTsqueries, toTsquery } from "./tsquery.ts";

function parsed(text: string) {
  const result = parseSearchQuery(text);
  if (!result.ok) throw new Error(`not a query: ${text}`);
  return result.query;
}

describe("fieldTsqueries", () => {
  it("gives each field's clauses that must match, without their weight", () => {
    const query = parsed('title:"winter soup" author:grace bread title:sourd*');
    expect(toTsquery(query)).toContain("'winter':A <-> 'soup':A");
    expect(fieldTsqueries(query)).toEqual([
      { weight: "a", tsquery: "('winter' <-> 'soup') & 'sourd':*" },
      { weight: "b", tsquery: "'grace'" },
    ]);
  });

  it("leaves out excluded clauses and words of no field, which narrow nothing", () => {
    expect(fieldTsqueries(parsed("bread -title:roses"))).toEqual([]);
    expect(fieldTsqueries(parsed("author:grace -title:roses"))).toEqual([
      { weight: "b", tsquery: "'grace'" },
    ]);
  });

  it("leaves out a clause with a term that is not letters and digits alone", () => {
    const query = parsed("title:bread");
    const odd = { ...query, clauses: [{ ...query.clauses[0]!, terms: ["\u{e000}"] }] };
    expect(fieldTsqueries(odd)).toEqual([]);
    expect(fieldTsqueries(parsed("title:café title:中文"))).toHaveLength(1);
  });

  it("quotes a term the way the whole query does", () => {
    const [title] = fieldTsqueries(parsed("title:o'brien"));
    expect(title?.tsquery).toBe(toTsquery(parsed("o'brien")));
  });
});
