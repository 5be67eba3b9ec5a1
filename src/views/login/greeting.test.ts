import { describe, expect, it } from "vitest";
import en from "../../../locales/en/app.json";
import ja from "../../../locales/ja/app.json";
import zhCN from "../../../locales/zh-CN/app.json";
import zhTW from "../../../locales/zh-TW/app.json";
import { greetingKey, hasSignedInBefore, rememberSignedIn } from "./greeting.ts";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe("login greeting", () => {
  it("welcomes a first-time visitor neutrally and only a returning one back", () => {
    const storage = memoryStorage();
    expect(hasSignedInBefore(storage)).toBe(false);
    expect(greetingKey("sign-in", hasSignedInBefore(storage))).toBe("auth.welcomeTitle");
    expect(greetingKey("sign-up", false)).toBe("auth.signUpTitle");
    rememberSignedIn(storage);
    expect(hasSignedInBefore(storage)).toBe(true);
    expect(greetingKey("sign-in", hasSignedInBefore(storage))).toBe("auth.signInTitle");
    expect(hasSignedInBefore(undefined)).toBe(false);
  });

  it("has a neutral welcome in all four languages, unlike 'Welcome back'", () => {
    expect(en.auth.welcomeTitle).toBe("Welcome to Follow");
    for (const app of [en, ja, zhCN, zhTW]) {
      expect(app.auth.welcomeTitle).toBeTruthy();
      expect(app.auth.welcomeTitle).not.toBe(app.auth.signInTitle);
    }
  });
});
