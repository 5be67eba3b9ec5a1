import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "../../contract/constants.ts";
import { composeMail } from "./compose.ts";
import { MAIL_WORDS, type MailKind } from "./messages.ts";

const KINDS = Object.keys(MAIL_WORDS.en) as MailKind[];

describe("composeMail", () => {
  it("has every mail in every language, with the same placeholders as English", () => {
    for (const language of SUPPORTED_LANGUAGES) {
      expect(Object.keys(MAIL_WORDS[language]).sort(), language).toEqual([...KINDS].sort());
      for (const kind of KINDS) {
        const en = MAIL_WORDS.en[kind];
        const words = MAIL_WORDS[language][kind];
        for (const field of ["subject", "greeting", "body", "action", "footer"] as const) {
          const placeholders = (t?: string) => (t?.match(/\{\w+\}/g) ?? []).sort();
          expect(placeholders(words[field]), `${language} ${kind} ${field}`).toEqual(
            placeholders(en[field]),
          );
          expect(words[field] === undefined, `${language} ${kind} ${field}`).toBe(
            en[field] === undefined,
          );
        }
      }
    }
  });

  it("writes a plain-text part with the link on its own line, and the same words in HTML", () => {
    const mail = composeMail("verifyEmail", "ja", {
      to: "a@example.com",
      name: "Aki",
      email: "a@example.com",
      url: "http://127.0.0.1/verify?token=x&y=1",
      hours: 24,
    });
    expect(mail.subject).toBe(MAIL_WORDS.ja.verifyEmail.subject);
    expect(mail.text.split("\n")).toContain("http://127.0.0.1/verify?token=x&y=1");
    expect(mail.text).toContain("24 時間");
    expect(mail.text).not.toMatch(/\{\w+\}/);
    expect(mail.html).toContain('lang="ja"');
    expect(mail.html).toContain('href="http://127.0.0.1/verify?token=x&amp;y=1"');
  });

  it("escapes user input (the name) in the HTML part", () => {
    const mail = composeMail("resetPassword", "en", {
      to: "a@example.com",
      name: '<img src=x onerror="alert(1)">',
      email: "a@example.com",
      url: "http://127.0.0.1/r",
    });
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(mail.text).toContain('<img src=x onerror="alert(1)">');
  });
});
