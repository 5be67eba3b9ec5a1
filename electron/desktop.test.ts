import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP_CHANNELS, MENU_ACTION_CHANNEL } from "../contract/desktop.ts";
import {
  type DesktopFiles,
  SERVER_CHOICE_FILE,
  startDesktop,
  WINDOW_STATE_FILE,
} from "./desktop.ts";
import { menuLabels } from "./services/labels.ts";
import type { MenuItemSpec } from "./shell.ts";
import { FakeShell } from "./testing/fake-shell.ts";

const APP = "http://127.0.0.1:4555";

function memoryFiles(
  initial: Record<string, string> = {},
): DesktopFiles & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    read: (name) => data[name] ?? null,
    write: (name, text) => {
      data[name] = text;
    },
  };
}

async function start(
  shell = new FakeShell(),
  files = memoryFiles({ [SERVER_CHOICE_FILE]: JSON.stringify({ kind: "remote", url: APP }) }),
  extra: { eagleBase?: string } = {},
) {
  let bundledStarts = 0;
  const running = await startDesktop(shell, {
    appName: "Follow",
    preloadPath: "/app/out/preload/preload.cjs",
    files,
    labels: menuLabels("en-US"),
    fetch: globalThis.fetch,
    startBundledServer: async () => {
      bundledStarts++;
      return { url: "http://127.0.0.1:4999", close: async () => {} };
    },
    ...extra,
  });
  return { running, shell, files, bundledStarts: () => bundledStarts };
}

function findItem(items: MenuItemSpec[], id: string): MenuItemSpec | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    const inner = item.submenu && findItem(item.submenu, id);
    if (inner) return inner;
  }
  return undefined;
}

describe("desktop main process (through the shell adapter)", () => {
  it("runs once: a second instance quits and the first one comes to the front", async () => {
    const second = await start(new FakeShell("linux", false));
    expect(second.running).toBeNull();
    expect(second.shell.quits).toBe(1);
    expect(second.shell.windows).toHaveLength(0);

    const { shell } = await start();
    shell.windows[0]!.minimized = true;
    shell.secondInstance?.();
    expect(shell.windows[0]!.minimized).toBe(false);
    expect(shell.windows[0]!.focused).toBe(1);
  });

  it("opens one locked-down window on the chosen server, or on the bundled one by default", async () => {
    const remote = await start();
    const window = remote.shell.windows[0]!;
    expect(window.loaded).toEqual([APP]);
    expect(window.options.preload).toBe("/app/out/preload/preload.cjs");
    expect(remote.bundledStarts()).toBe(0);

    const bundled = await start(new FakeShell(), memoryFiles());
    expect(bundled.bundledStarts()).toBe(1);
    expect(bundled.shell.windows[0]!.loaded).toEqual(["http://127.0.0.1:4999"]);
  });

  it("remembers the window's place and size, and whether it was maximized", async () => {
    const first = await start();
    const window = first.shell.windows[0]!;
    window.bounds = { x: 100, y: 50, width: 900, height: 700 };
    window.emit("close");
    expect(JSON.parse(first.files.data[WINDOW_STATE_FILE]!)).toEqual({
      bounds: { x: 100, y: 50, width: 900, height: 700 },
      maximized: false,
    });

    const second = await start(new FakeShell(), first.files);
    expect(second.shell.windows[0]!.options.bounds).toEqual({
      x: 100,
      y: 50,
      width: 900,
      height: 700,
    });
    second.shell.windows[0]!.maximized = true;
    second.shell.windows[0]!.emit("close");
    // Maximized: the normal bounds are kept to restore to, with the flag.
    expect(JSON.parse(second.files.data[WINDOW_STATE_FILE]!).maximized).toBe(true);

    // A window saved on a monitor that is gone opens at the default size on the one there is.
    const offscreen = memoryFiles({
      ...first.files.data,
      [WINDOW_STATE_FILE]: JSON.stringify({
        bounds: { x: 5000, y: 0, width: 800, height: 600 },
        maximized: false,
      }),
    });
    const third = await start(new FakeShell(), offscreen);
    expect(third.shell.windows[0]!.options.bounds).toEqual({ width: 1200, height: 800 });
  });

  it("keeps the app window on the app's origin and sends other links to the system browser", async () => {
    const { shell } = await start();
    const window = shell.windows[0]!;
    expect(window.navigate(`${APP}/timeline/0`)).toBe(false);
    expect(window.navigate("https://example.com/article")).toBe(true);
    expect(window.navigate("file:///etc/passwd")).toBe(true);
    expect(window.navigate("javascript:alert(1)")).toBe(true);
    expect(shell.opened).toEqual(["https://example.com/article"]);

    // New windows: outside links go to a viewer without the bridge while the setting is off...
    expect(window.openHandler!("https://example.com/a")).toEqual({ action: "deny" });
    const viewer = shell.windows[1]!;
    expect(viewer.options.preload).toBeUndefined();
    expect(viewer.options.partition).toBe("viewer");
    expect(viewer.loaded).toEqual(["https://example.com/a"]);
    // ...and to the system browser once openLinksInExternalApp is on.
    await shell.invoke(DESKTOP_CHANNELS.setOpenLinksExternally, APP, true);
    window.openHandler!("https://example.com/b");
    expect(shell.opened).toContain("https://example.com/b");
    expect(shell.windows).toHaveLength(2);
    window.openHandler!("file:///etc/passwd");
    expect(shell.opened).not.toContain("file:///etc/passwd");
    expect(shell.windows).toHaveLength(2);
  });

  it("answers the bridge only for the app's own pages, with checked arguments", async () => {
    const { shell } = await start();
    await expect(
      shell.invoke(DESKTOP_CHANNELS.openExternal, "https://evil.example/", "https://example.com"),
    ).rejects.toThrow(/refused/);
    await expect(
      shell.invoke(DESKTOP_CHANNELS.openExternal, APP, "file:///etc/passwd"),
    ).rejects.toThrow(/only http/);
    await shell.invoke(DESKTOP_CHANNELS.openExternal, APP, "https://example.com/x");
    expect(shell.opened).toEqual(["https://example.com/x"]);
    await expect(shell.invoke(DESKTOP_CHANNELS.setUnreadCount, APP, -1)).rejects.toThrow(
      /bad count/,
    );
    await expect(
      shell.invoke(DESKTOP_CHANNELS.setServer, APP, { kind: "remote", url: "ftp://x" }),
    ).rejects.toThrow(/bad server/);
  });

  it("shows the unread count on the dock or launcher and in the tray", async () => {
    const { shell } = await start(new FakeShell("darwin"));
    await shell.invoke(DESKTOP_CHANNELS.setUnreadCount, APP, 42.7);
    expect(shell.badge).toEqual([42]);
    expect(shell.tooltips.at(-1)).toBe("Follow (42)");
    await shell.invoke(DESKTOP_CHANNELS.setUnreadCount, APP, 0);
    expect(shell.badge).toEqual([42, 0]);
    expect(shell.tooltips.at(-1)).toBe("Follow");

    const windows = await start(new FakeShell("win32"));
    await windows.shell.invoke(DESKTOP_CHANNELS.setUnreadCount, APP, 3);
    expect(windows.shell.badge).toEqual([]);
    expect(windows.shell.tooltips.at(-1)).toBe("Follow (3)");
  });

  it("builds the native menu from the app's shortcuts; a click runs the action in the renderer", async () => {
    const { shell, running } = await start(new FakeShell("darwin"));
    expect(shell.menu.map((m) => m.label)).toEqual([
      "Follow",
      "File",
      "Edit",
      "View",
      "Go",
      "Window",
      "Help",
    ]);
    const quickAdd = findItem(shell.menu, "global.quickAdd")!;
    // Ctrl/Cmd+N is web-only: on the desktop the menu owns it.
    expect(quickAdd).toMatchObject({
      label: "Quick add a feed",
      accelerator: "CmdOrCtrl+N",
      registerAccelerator: true,
    });
    const palette = findItem(shell.menu, "global.commandPalette")!;
    expect(palette).toMatchObject({ accelerator: "CmdOrCtrl+K", registerAccelerator: false });
    expect(findItem(shell.menu, "theme.toggleColorMode")?.accelerator).toBe("Shift+CmdOrCtrl+L");
    palette.click!();
    expect(shell.windows[0]!.sent).toEqual([[MENU_ACTION_CHANNEL, ["global.commandPalette"]]]);
    expect(running?.menuActions).toEqual(["global.commandPalette"]);
    expect(menuLabels("ja-JP").menu.file).toBe("ファイル");
    expect(menuLabels("zh-Hant-TW").action("global.settings")).not.toBe("Open settings");
  });

  it("adds the strict CSP to app documents that arrive without one", async () => {
    const { shell } = await start();
    const added = shell.headerTransform!(`${APP}/`, { "content-type": ["text/html"] });
    expect(added["Content-Security-Policy"]![0]).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(added["Content-Security-Policy"]![0]).toContain("object-src 'none'");
    const kept = shell.headerTransform!(`${APP}/`, {
      "content-security-policy": ["default-src 'none'"],
    });
    expect(kept["Content-Security-Policy"]).toBeUndefined();
    expect(shell.headerTransform!("https://example.com/", {})).toEqual({});
  });

  it("saves the server choice and relaunches onto it", async () => {
    const { shell, files } = await start();
    expect(await shell.invoke(DESKTOP_CHANNELS.getServer, APP)).toEqual({
      kind: "remote",
      url: APP,
    });
    await shell.invoke(DESKTOP_CHANNELS.setServer, APP, {
      kind: "remote",
      url: "https://follow.example.org/ ",
    });
    expect(JSON.parse(files.data[SERVER_CHOICE_FILE]!)).toEqual({
      kind: "remote",
      url: "https://follow.example.org",
    });
    expect(shell.relaunches).toBe(1);
    expect(shell.quits).toBe(1);
  });

  it("shows desktop notifications asked for by the app", async () => {
    const { shell } = await start();
    await shell.invoke(DESKTOP_CHANNELS.notify, APP, "New entry", "A title");
    expect(shell.notifications).toEqual([["New entry", "A title"]]);
  });
});

describe("Obsidian vault writes", () => {
  let vault: string;
  beforeAll(() => {
    vault = mkdtempSync(join(tmpdir(), "follow-vault-"));
  });
  afterAll(() => rmSync(vault, { recursive: true, force: true }));

  const note = {
    title: "A long title: with / odd * characters, and more",
    url: "https://example.com/post",
    author: 'Ann "A" Author',
    publishedAt: "2026-01-02T03:04:05.000Z",
    html: '<h2>Hello</h2><p>Some <strong>bold</strong> and <a href="https://example.com/x">a link</a>.</p><ul><li>one</li><li>two</li></ul><script>alert(1)</script>',
  };

  it("writes <first 20 characters of the title>.md with front matter and Markdown, never twice", async () => {
    const { shell } = await start();
    const saved = await shell.invoke(DESKTOP_CHANNELS.saveToObsidian, APP, vault, note);
    const file = join(vault, "A long title  with.md");
    expect(saved).toEqual({ ok: true, link: `file://${file}` });
    expect(readFileSync(file, "utf8")).toBe(
      [
        "---",
        'url: "https://example.com/post"',
        'author: "Ann \\"A\\" Author"',
        'publishedAt: "2026-01-02T03:04:05.000Z"',
        "---",
        "## Hello",
        "",
        "Some **bold** and [a link](https://example.com/x).",
        "",
        "- one",
        "- two",
        "",
      ].join("\n"),
    );
    const again = (await shell.invoke(DESKTOP_CHANNELS.saveToObsidian, APP, vault, note)) as {
      ok: boolean;
      reason: string;
    };
    expect(again.ok).toBe(false);
    expect(again.reason).toMatch(/already exists/);
  });

  it("writes the person's highlights and notes as quotes under a Highlights heading", async () => {
    const { shell } = await start();
    const saved = (await shell.invoke(DESKTOP_CHANNELS.saveToObsidian, APP, vault, {
      ...note,
      title: "Highlighted post",
      html: "<p>Some text.</p>",
      highlights: [
        { exact: "First passage\nover two lines", note: "Why it matters" },
        { exact: "Second passage", note: "  " },
      ],
    })) as { ok: boolean };
    expect(saved.ok).toBe(true);
    const written = readFileSync(join(vault, "Highlighted post.md"), "utf8");
    expect(written.slice(written.indexOf("Some text."))).toBe(
      [
        "Some text.",
        "",
        "## Highlights",
        "",
        "> First passage",
        "> over two lines",
        "",
        "Note: Why it matters",
        "",
        "> Second passage",
        "",
      ].join("\n"),
    );
  });

  it("refuses highlights that are not a bounded list of strings", async () => {
    const { shell } = await start();
    const save = (highlights: unknown) =>
      shell.invoke(DESKTOP_CHANNELS.saveToObsidian, APP, vault, {
        ...note,
        title: "Refused",
        highlights,
      });
    await expect(save("not a list")).rejects.toThrow(/bad highlights/);
    await expect(
      save(Array.from({ length: 1001 }, () => ({ exact: "x", note: "" }))),
    ).rejects.toThrow(/bad highlights/);
    await expect(save([{ exact: "x".repeat(10_001), note: "" }])).rejects.toThrow(/bad highlight/);
    await expect(save([{ exact: "x", note: 3 }])).rejects.toThrow(/bad highlight note/);
    await expect(save([null])).rejects.toThrow(/bad highlight/);
    expect(existsSync(join(vault, "Refused.md"))).toBe(false);
  });

  it("refuses a vault that is not an existing absolute folder", async () => {
    const { shell } = await start();
    expect(
      await shell.invoke(DESKTOP_CHANNELS.saveToObsidian, APP, "relative/vault", note),
    ).toEqual({
      ok: false,
      reason: "The vault path must be absolute",
    });
    const missing = (await shell.invoke(
      DESKTOP_CHANNELS.saveToObsidian,
      APP,
      join(vault, "nope"),
      note,
    )) as {
      ok: boolean;
    };
    expect(missing.ok).toBe(false);
  });
});

describe("Eagle (its local API, faked on 127.0.0.1)", () => {
  let server: Server;
  let base: string;
  const requests: Array<{
    method: string;
    url: string;
    headers: IncomingMessage["headers"];
    body: string;
  }> = [];
  let answer: { status: number; body: unknown } = { status: 200, body: { status: "success" } };

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      let body = "";
      for await (const chunk of request) body += chunk;
      requests.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      if (request.url === "/api/application/info") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ status: "success", data: { version: "4.0.0" } }));
        return;
      }
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify(answer.body));
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => server.close());

  it("checks Eagle is up, then POSTs /api/item/addFromURLs with each image and its page", async () => {
    const { shell } = await start(undefined, undefined, { eagleBase: base });
    expect(await shell.invoke(DESKTOP_CHANNELS.eagleAvailable, APP)).toBe(true);
    requests.length = 0;
    const saved = await shell.invoke(DESKTOP_CHANNELS.saveToEagle, APP, {
      mediaUrls: ["https://img.example/a.jpg", "javascript:alert(1)", "https://img.example/b.png"],
      entryUrl: "https://example.com/post",
    });
    expect(saved).toEqual({ ok: true });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /api/application/info",
      "POST /api/item/addFromURLs",
    ]);
    expect(requests[1]!.headers["content-type"]).toBe("application/json");
    expect(requests[1]!.headers.authorization).toBeUndefined();
    expect(JSON.parse(requests[1]!.body)).toEqual({
      items: [
        {
          url: "https://img.example/a.jpg",
          website: "https://example.com/post",
          headers: { referer: "https://example.com/post" },
        },
        {
          url: "https://img.example/b.png",
          website: "https://example.com/post",
          headers: { referer: "https://example.com/post" },
        },
      ],
    });
  });

  it("reports Eagle's refusal, an entry without images, and Eagle not running", async () => {
    const { shell } = await start(undefined, undefined, { eagleBase: base });
    answer = { status: 200, body: { status: "error" } };
    const refused = (await shell.invoke(DESKTOP_CHANNELS.saveToEagle, APP, {
      mediaUrls: ["https://img.example/a.jpg"],
      entryUrl: "https://example.com/post",
    })) as { ok: boolean; reason: string };
    expect(refused).toEqual({ ok: false, reason: "Eagle answered 200 error" });
    expect(
      await shell.invoke(DESKTOP_CHANNELS.saveToEagle, APP, {
        mediaUrls: [],
        entryUrl: "https://example.com/",
      }),
    ).toEqual({ ok: false, reason: "The entry has no images to save" });

    const down = await start(undefined, undefined, { eagleBase: "http://127.0.0.1:9" });
    expect(await down.shell.invoke(DESKTOP_CHANNELS.eagleAvailable, APP)).toBe(false);
    const notRunning = (await down.shell.invoke(DESKTOP_CHANNELS.saveToEagle, APP, {
      mediaUrls: ["https://img.example/a.jpg"],
      entryUrl: "https://example.com/post",
    })) as { reason: string };
    expect(notRunning.reason).toMatch(/Eagle is not running/);
  });
});
