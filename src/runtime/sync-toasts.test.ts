import { beforeAll, describe, expect, it } from "vitest";
import enCommands from "../../locales/en/commands.json";
import enErrors from "../../locales/en/errors.json";
import jaCommands from "../../locales/ja/commands.json";
import jaErrors from "../../locales/ja/errors.json";
import { FetchError } from "../api/fetch-error.ts";
import { i18n } from "../i18n/index.ts";
import { baseI18nOptions } from "../i18n/options.ts";
import { rejection } from "../sync/failures.ts";
import { rejectionDescription } from "./sync-toasts.ts";

function refused(body: unknown) {
  const error = new FetchError({
    method: "POST",
    url: "/api/subscriptions",
    status: 422,
    data: body,
  });
  return rejection(
    { commandId: "c1", name: "subscriptions.subscribe", label: "commands:x" },
    error,
  );
}

describe("refused write toast", () => {
  beforeAll(async () => {
    await i18n.init({
      ...baseI18nOptions,
      lng: "en",
      resources: {
        en: { commands: enCommands, errors: enErrors },
        ja: { commands: jaCommands, errors: jaErrors },
      },
    });
  });

  it("says the catalogue message and the reason the server gave", async () => {
    const reason = "http://feeds.example/a.xml answered HTTP 404";
    const answer = refused({ code: 2003, message: "Feed fetch error", reason });
    expect(rejectionDescription(answer)).toBe(`Feed fetch error: ${reason}`);
    await i18n.changeLanguage("ja");
    expect(rejectionDescription(answer)).toBe(`${jaErrors["2003"]}:${reason}`);
    await i18n.changeLanguage("en");
  });

  it("says the message alone when the server gave no other reason", () => {
    expect(rejectionDescription(refused({ code: 2001, message: "Feed not found" }))).toBe(
      "Feed not found",
    );
    const same = refused({ code: 2001, message: "Feed not found", reason: "Feed not found" });
    expect(rejectionDescription(same)).toBe("Feed not found");
  });
});
