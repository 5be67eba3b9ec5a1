import { describe, expect, it } from "vitest";
import { FetchError } from "../api/index.ts";
import { authErrorMessage } from "./auth-error.ts";

const generic = { network: "offline", unknown: "oops" };
const translate = (key: string, fallback: string) => (key === "errors:1002" ? "翻訳" : fallback);

function failed(status: number | null, data?: unknown) {
  return new FetchError({ method: "POST", url: "/api/better-auth/sign-in/email", status, data });
}

describe("authErrorMessage", () => {
  it("shows better-auth's own message", () => {
    const error = failed(401, {
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "Invalid email or password",
    });
    expect(authErrorMessage(error, translate, generic)).toEqual({
      message: "Invalid email or password",
    });
  });

  it("shows only the reason under the generic code 3 (written for people)", () => {
    const error = failed(422, {
      code: 3,
      message: "Unprocessable content",
      reason: "No new account was created. We sent a mail to this address.",
    });
    expect(authErrorMessage(error, translate, generic)).toEqual({
      message: "No new account was created. We sent a mail to this address.",
    });
  });

  it("shows a refused sign-in as one message in the reader's language, not under Unauthorized", () => {
    const error = failed(401, {
      code: 1000,
      message: "Unauthorized",
      reason: "Invalid email or password",
    });
    const ja = (key: string, fallback: string) =>
      key === "app:auth.invalidCredentials" ? "メールアドレスまたはパスワードが違います" : fallback;
    expect(authErrorMessage(error, ja, generic)).toEqual({
      message: "メールアドレスまたはパスワードが違います",
    });
    const other = failed(401, { code: 1000, message: "Unauthorized", reason: "Session expired" });
    expect(authErrorMessage(other, translate, generic)).toEqual({ message: "Session expired" });
  });

  it("adds the server's reason below a specific catalogue message", () => {
    const error = failed(403, { code: 1004, message: "No permission", reason: "Not yours" });
    expect(authErrorMessage(error, translate, generic)).toEqual({
      message: "No permission",
      reason: "Not yours",
    });
  });

  it("translates catalogue codes, falling back to the server message", () => {
    expect(
      authErrorMessage(
        failed(400, { code: 1002, message: "Invalid parameter" }),
        translate,
        generic,
      ).message,
    ).toBe("翻訳");
    expect(
      authErrorMessage(failed(400, { code: 1007, message: "Captcha" }), translate, generic).message,
    ).toBe("Captcha");
  });

  it("has generic lines for network and unknown failures", () => {
    expect(authErrorMessage(failed(null), translate, generic).message).toBe("offline");
    expect(authErrorMessage(failed(500, "<html>"), translate, generic).message).toBe("oops");
    expect(authErrorMessage(new Error("x"), translate, generic).message).toBe("oops");
  });
});
