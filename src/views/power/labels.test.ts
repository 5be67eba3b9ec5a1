import { describe, expect, it } from "vitest";
import en from "../../../locales/en/power.json";
import { TRANSACTION_TYPES } from "./wallet-calls.ts";

describe("POWER labels", () => {
  it("names every transaction type the filters offer", () => {
    for (const type of ["all", ...TRANSACTION_TYPES]) {
      expect(en.transactions.types, type).toHaveProperty(type);
    }
  });
});
