import { describe, expect, it } from "vitest";
import { AuthInputError, checkAuthInput, USER_FIELD_LIMITS } from "./auth-input-rules.ts";

const refused = (path: string, body: unknown) => () => checkAuthInput(path, body);

describe("checkAuthInput", () => {
  it("accepts ordinary sign-up and profile bodies", () => {
    checkAuthInput("/sign-up/email", { email: "a@b.c", password: "x".repeat(12), name: "Ada" });
    checkAuthInput("/update-user", { name: "n".repeat(USER_FIELD_LIMITS.name), image: null });
    checkAuthInput("/update-user", { image: "https://example.com/a.png" });
    checkAuthInput("/sign-in/email", { email: "a@b.c", password: "whatever" });
  });

  it("refuses names, images and e-mails that are too long or not strings", () => {
    for (const [path, body] of [
      ["/sign-up/email", { email: "a@b.c", password: "p", name: "n".repeat(101) }],
      ["/sign-up/email", { email: "a@b.c", password: "p" }],
      ["/sign-up/email", { email: `${"e".repeat(250)}@b.co`, password: "p", name: "A" }],
      ["/update-user", { name: null }],
      ["/update-user", { name: [] }],
      ["/update-user", { name: {} }],
      ["/update-user", { name: 5 }],
      ["/update-user", { name: " " }],
      ["/update-user", { image: "i".repeat(2049) }],
      ["/update-user", null],
      ["/update-user", []],
      ["/change-email", { newEmail: "e".repeat(300) }],
      ["/change-password", { newPassword: { long: true } }],
    ] as const) {
      expect(refused(path, body), `${path} ${JSON.stringify(body).slice(0, 40)}`).toThrow(
        AuthInputError,
      );
    }
  });

  it("refuses deep bodies on every auth path", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(refused("/sign-in/email", { email: deep })).toThrow(AuthInputError);
    expect(refused("/two-factor/enable", { password: deep })).toThrow(AuthInputError);
  });
});
