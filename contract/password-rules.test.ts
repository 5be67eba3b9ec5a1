import { describe, expect, it } from "vitest";
import { passwordWeakness } from "./password-rules.ts";

describe("passwordWeakness", () => {
  it("names why an easy password is refused", () => {
    expect(passwordWeakness("aaaaaaaa")).toBe("repeated");
    expect(passwordWeakness("AAAAaaaa")).toBe("repeated");
    expect(passwordWeakness("        ")).toBe("onlySpaces");
    expect(passwordWeakness("\u0000".repeat(8))).toBe("control");
    expect(passwordWeakness("correct horse\u0000battery")).toBe("control");
    expect(passwordWeakness("abcdefgh")).toBe("sequence");
    expect(passwordWeakness("87654321")).toBe("sequence");
    expect(passwordWeakness("abcabcab")).toBe("pattern");
    expect(passwordWeakness("12121212")).toBe("pattern");
    expect(passwordWeakness("qwertyui")).toBe("keyboard");
    expect(passwordWeakness("lkjhgfds")).toBe("keyboard");
    expect(passwordWeakness("aabbaaab")).toBe("fewCharacters");
  });

  it("leaves good passwords and short ones (the length rule says why) alone", () => {
    for (const fine of [
      "correct horse battery",
      "longenough",
      "a changed passphrase",
      "Tr0ub4dor&3",
      "パスワードを長くする",
    ]) {
      expect(passwordWeakness(fine), fine).toBeUndefined();
    }
    expect(passwordWeakness("aaa")).toBeUndefined();
  });
});
