import { describe, expect, it } from "vitest";
import { localeBackend } from "./backend.ts";
import { SUPPORTED_LANGUAGES } from "./languages.ts";
import { baseI18nOptions, FIRST_PAINT_NAMESPACES, LATER_NAMESPACES } from "./options.ts";

/** Whether the backend answers at once (English bundled in the page) or after a chunk loads. */
function answersAtOnce(
  namespace: string,
  language = "en",
): Promise<{ atOnce: boolean; keys: number }> {
  return new Promise((resolve) => {
    let returned = false;
    localeBackend.read(language, namespace, (error, data) => {
      expect(error).toBeNull();
      resolve({ atOnce: !returned, keys: Object.keys(data as object).length });
    });
    returned = true;
  });
}

describe("English before and after the first paint", () => {
  it("splits every namespace the app has into the two lists", () => {
    expect([...FIRST_PAINT_NAMESPACES, ...LATER_NAMESPACES].sort()).toEqual(
      [...baseI18nOptions.ns].sort(),
    );
  });

  it.each([...FIRST_PAINT_NAMESPACES])("bundles %s with the page", async (namespace) => {
    expect(await answersAtOnce(namespace)).toMatchObject({ atOnce: true });
  });

  it.each([...LATER_NAMESPACES])("loads %s on its own, with its strings", async (namespace) => {
    const answer = await answersAtOnce(namespace);
    expect(answer.atOnce).toBe(false);
    expect(answer.keys).toBeGreaterThan(0);
  });
});

describe("the other languages, one pack each", () => {
  const others = SUPPORTED_LANGUAGES.filter((language) => language !== "en");
  it.each(others)("%s has a pack with every namespace's strings", async (language) => {
    for (const namespace of baseI18nOptions.ns) {
      const answer = await answersAtOnce(namespace, language);
      expect(answer.atOnce, `${language} ${namespace}`).toBe(false);
      expect(answer.keys, `${language} ${namespace}`).toBeGreaterThan(0);
    }
  });

  it("answers a language without a pack with no strings (English fills in)", async () => {
    expect(await answersAtOnce("app", "fr")).toEqual({ atOnce: true, keys: 0 });
  });
});
