import { describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_MESSAGES } from "../../contract/errors.ts";
import { errorLine, errorText } from "./error-text.ts";
import { FetchError } from "./fetch-error.ts";
import { reactToError } from "./reactions.ts";

const LANGUAGES = ["en", "ja", "zh-CN", "zh-TW"] as const;
const RAW =
  /\b(GET|POST|PUT|PATCH|DELETE)\b|\/api\/|failed with|\(code \d+\)|Bad Request|Expected a/;

async function catalogue(language: string): Promise<Record<string, string>> {
  const { readFile } = await import("node:fs/promises");
  return JSON.parse(await readFile(`locales/${language}/errors.json`, "utf8"));
}

function failure(code: number, reason?: string) {
  return new FetchError({
    method: "POST",
    url: "/api/inboxes",
    status: 400,
    statusText: "Bad Request",
    data: { code, message: ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES], reason },
  });
}

describe("errors in words people read", () => {
  it.each(LANGUAGES)(
    "every catalogue code reaches the toast as its %s message, never raw text",
    async (language) => {
      const strings = await catalogue(language);
      const translate = (key: string, fallback: string) => {
        const [namespace, name] = key.split(":");
        return namespace === "errors" && name && strings[name] ? strings[name] : fallback;
      };
      let walked = 0;
      for (const code of ERROR_CODES) {
        const toasts: { title: string; description?: string | null }[] = [];
        reactToError(failure(code, "Handle taken"), {
          toast: (toast) => toasts.push(toast),
          navigate: () => {},
          signedOut: () => {},
          translate,
        });
        // 401 signs out and a few codes are silent or navigate: those show no toast.
        for (const toast of toasts) {
          expect(toast.title).not.toMatch(RAW);
          expect(`${toast.title} ${toast.description ?? ""}`).not.toMatch(RAW);
          if (toast.title !== strings[String(code)]) {
            // Activation toasts have their own title; the catalogue message is the description.
            expect(toast.description ?? "").toContain("Handle taken");
          }
        }
        expect(errorText(failure(code), translate).message).toBe(strings[String(code)]);
        walked += 1;
      }
      expect(walked).toBe(ERROR_CODES.length);
    },
  );

  it("drops a reason or message that is a request line or a library's text", () => {
    const translate = (_key: string, fallback: string) => fallback;
    const raw = new FetchError({
      method: "POST",
      url: "/api/inboxes",
      status: 400,
      data: { message: "POST /api/inboxes failed with 400 Bad Request" },
    });
    expect(errorLine(raw, translate)).toBe("The server could not complete this. Please try again.");
    const offline = new FetchError({ method: "GET", url: "/api/reads", status: null });
    expect(errorText(offline, translate).message).toMatch(/Cannot reach the server/);
    expect(errorText(new TypeError("x is undefined"), translate).message).toBe(
      "Something went wrong. Please try again.",
    );
  });
});
