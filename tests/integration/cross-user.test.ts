import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Endpoint, listEndpoints } from "../../contract/api/index.ts";
import { nextSlot, serverTimeZone } from "../../server/ai/daily/schedule.ts";
import {
  type Field,
  minimalOf,
  type RequestShape,
  requestShape,
  setField,
  toHttp,
} from "../support/endpoint-requests.ts";
import { FakeChatServer } from "../support/fake-chat-server.ts";
import { startKeyedRsshub } from "../support/fake-rsshub.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { browserKeys, PushReceiver } from "../support/push-receiver.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";
import { EventStreamClient } from "../support/sse-client.ts";

/** Entry links on the local feed server, so reading an entry's page never leaves 127.0.0.1. */
const localLinks = (rss: string, server: FeedServer) =>
  rss.replaceAll("https://example.com/", `${server.baseUrl}/pages/`);

/**
 * Every endpoint of the table, tried by user B against user A's objects of every kind. What B
 * sends is derived from each endpoint's Schemas: every field whose name says it names an
 * object (an id, a URL, a handle, a token...) gets each of A's objects of that kind in turn,
 * alone and beside B's own objects in the other fields. It fails when an answer to B carries
 * one of A's secrets (markers planted in A's feeds, mail, settings, rules...), when B's own
 * reads later do, or when A's state, read through A's own endpoints, moves. A new endpoint is
 * covered without being listed; a new field that names an object must be classified below.
 */

const PASSWORD = "correct horse battery staple";
const mark = (what: string) => `zq${what}${randomBytes(6).toString("hex")}`;
const entityId = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(0, 19);

/** Field names that name an object, by the kind of object they name. */
const KINDS = {
  feed: /^(feedId|feedIds|feedIdList)$/,
  list: /^listId$/,
  entry: /^(entryId|entryIds|publishedAfterId|beforeId)$/,
  // Ids whose kind the name does not say: every object of A with an id.
  anyId: /^(id|ids|importId)$/,
  inbox: /^(inboxId|handle)$/,
  user: /^(userId|userIds)$/,
  url: /^(url|keyword|opml|baseUrl)$/,
  email: /^(email|newEmail)$/,
  token: /^token$/,
  code: /^code$/,
  endpoint: /^endpoint$/,
  account: /^accountId$/,
  file: /^name$/,
} as const;
type Kind = keyof typeof KINDS;

/** Values both users put in fields that choose what is read, so B asks what A asked. */
const CONTEXT: Record<string, string> = { language: "ja", fields: "title" };

/** A name that looks like it names an object: it must fall in a kind above, or be listed here. */
const IDENTIFYING =
  /(^id$|^ids$|Id$|Ids$|IdList$|url$|Url$|URL$|^handle$|^token$|^code$|^endpoint$|mail$|Email$)/;
/** Names that look identifying but only point B's own browser somewhere (sign-in redirects). */
const NOT_OBJECTS = new Set([
  "callbackURL",
  "newUserCallbackURL",
  "errorCallbackURL",
  "redirectTo",
  "RSSHubURL",
  // The name a browser gives itself in reading positions, kept per person: never A's object.
  "deviceId",
]);

function kindOf(field: Field): Kind | undefined {
  if (field.name === "name") return field.inPath ? "file" : undefined;
  for (const [kind, pattern] of Object.entries(KINDS) as [Kind, RegExp][]) {
    if (pattern.test(field.name)) return kind;
  }
  return undefined;
}

/** One of A's objects, as B would name it in a field of its kind. */
interface Target {
  label: string;
  value: string;
  kinds: Kind[];
}

interface Seeded {
  targets: Target[];
  /** A's secrets: none may appear in an answer to B (unless B itself sent it). */
  secrets: Record<string, string>;
  /** B's own objects, put in the fields not under attack. */
  own: Partial<Record<Kind, string>>;
  /** B's own credentials, sent along with each of B's requests (his inbox's webhook secret). */
  ownHeaders: Record<string, string>;
}

describe.each(DIALECTS)("one user against another's objects on every endpoint (%s)", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let chat: FakeChatServer;
  let serverChat: FakeChatServer;
  let rsshub: FeedServer;
  let pushes: PushReceiver;
  let alice: TestClient;
  let bob: TestClient;
  const aliceEmail = uniqueEmail("cross-alice");
  const bobEmail = uniqueEmail("cross-bob");
  const secret = {
    feedToken: mark("token"),
    feedTitle: mark("privatefeed"),
    entryTitle: mark("privateentry"),
    subscriptionTitle: mark("subtitle"),
    category: mark("category"),
    inboxTitle: mark("inboxtitle"),
    mailSubject: mark("mailsubject"),
    mailBody: mark("mailbody"),
    setting: mark("setting"),
    integrationToken: mark("readwise"),
    rule: mark("rule"),
    ruleValue: mark("rulevalue"),
    savedSearch: mark("saved"),
    savedKeyword: mark("savedkw"),
    highlightNote: mark("highlightnote"),
    entryTag: mark("entrytag"),
    pushPath: mark("push"),
    pushName: mark("pushname"),
    aiKey: mark("aikey"),
    aiText: mark("aitext"),
    rsshubKey: mark("rsshubkey"),
    importPath: mark("import"),
  };
  let seeded: Seeded;
  let publicFeedId: string;
  let publicEntryId: string;
  let aliceListId: string;
  let privateFeedId: string;
  let inboxHandle: string;
  let inboxFeedId: string | undefined;
  let importIdOfA: string;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    chat = await new FakeChatServer().start();
    chat.apiKey = secret.aiKey;
    chat.answer = () => [secret.aiText];
    // The server's own provider answers B: A's provider's text must never be what B is served.
    serverChat = await new FakeChatServer().start();
    serverChat.answer = () => ["Text from the server's provider."];
    rsshub = await startKeyedRsshub(secret.rsshubKey);
    pushes = await new PushReceiver().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "100000",
      RATE_LIMIT_MAX: "100000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      VAPID_SUBJECT: "mailto:ops@follow.test",
      AI_BASE_URL: serverChat.baseUrl,
      AI_API_KEY: serverChat.apiKey,
      AI_MODEL: "server-model",
    });
    feeds.route("/private.xml", (request, response) => {
      const url = new URL(request.url ?? "/", "http://x");
      if (url.searchParams.get("token") !== secret.feedToken) {
        response.writeHead(403, { "content-type": "text/plain" }).end("no");
        return;
      }
      response.writeHead(200, { "content-type": "application/rss+xml" }).end(
        localLinks(
          rssFeed(
            secret.feedTitle,
            [0, 1, 2].map((i) => ({
              guid: `private-${i}`,
              title: `${secret.entryTitle} ${i}`,
              date: new Date(Date.UTC(2026, 0, 1 + i)),
              html: `<p>${secret.entryTitle} body ${i}</p>`,
            })),
          ),
          feeds,
        ),
      );
    });
    feeds.serve(
      "/public.xml",
      localLinks(
        rssFeed(
          "Shared public feed",
          [0, 1, 2].map((i) => ({
            guid: `public-${i}`,
            title: `Public story ${i}`,
            date: new Date(Date.UTC(2026, 0, 1 + i)),
            html: `<p>${"A long public story. ".repeat(40)}</p>`,
          })),
        ),
        feeds,
      ),
    );
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    expect((await alice.signUp(aliceEmail, PASSWORD, "Alice")).status).toBe(200);
    expect((await bob.signUp(bobEmail, PASSWORD, "Bob")).status).toBe(200);
    seeded = await seed();
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
    await chat?.stop();
    await serverChat?.stop();
    await rsshub?.stop();
    await pushes?.stop();
  });

  const ok = <T>(answer: { status: number; body: T; text: string }, what: string) => {
    if (answer.status !== 200) throw new Error(`seeding ${what}: ${answer.status} ${answer.text}`);
    return answer.body;
  };

  async function seed(): Promise<Seeded> {
    const privateUrl = `${feeds.url("/private.xml")}?token=${secret.feedToken}`;
    const publicUrl = feeds.url("/public.xml");
    // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely while seeding.
    const a = async (method: string, path: string, json?: unknown): Promise<any> =>
      ok(
        await alice.request(method, path, json === undefined ? {} : { json }),
        `${method} ${path}`,
      );
    const privateSub = await a("POST", "/api/subscriptions", {
      url: privateUrl,
      view: 0,
      category: secret.category,
      title: secret.subscriptionTitle,
      isPrivate: true,
    });
    privateFeedId = privateSub.feed.id;
    // Followed privately: A is then in nobody's read history, Discover or follower list.
    publicFeedId = (
      await a("POST", "/api/subscriptions", { url: publicUrl, view: 0, isPrivate: true })
    ).feed.id;
    const privateEntries: string[] = (
      await a("POST", "/api/entries", { feedId: privateFeedId })
    ).data.map((d: { entries: { id: string } }) => d.entries.id);
    const publicEntries: string[] = (
      await a("POST", "/api/entries", { feedId: publicFeedId })
    ).data.map((d: { entries: { id: string } }) => d.entries.id);
    publicEntryId = publicEntries[0]!;
    await a("POST", "/api/collections", { entryId: privateEntries[0] });
    await a("POST", "/api/collections", { entryId: publicEntries[1] });
    await a("POST", "/api/reads", { entryIds: [privateEntries[1], publicEntries[0]] });

    inboxHandle = `alice-${randomBytes(4).toString("hex")}`;
    const inbox = (
      await a("POST", "/api/inboxes", { handle: inboxHandle, title: secret.inboxTitle })
    ).data;
    ok(
      await alice.request("POST", `/api/inbox-webhooks/${inboxHandle}`, {
        json: { title: secret.mailSubject, content: `<p>${secret.mailBody}</p>`, guid: "m1" },
        headers: { "x-inbox-secret": inbox.secret },
      }),
      "webhook",
    );
    const inboxEntries = (await a("POST", "/api/entries/inbox", { inboxId: inboxHandle })).data;
    const inboxEntryId: string = inboxEntries[0].entries.id;
    inboxFeedId = inboxEntries[0].entries.feedId ?? inboxEntries[0].feeds?.id;

    aliceListId = (await a("POST", "/api/lists", { title: "Alice's reading", view: 0 })).data.id;
    await a("POST", "/api/lists/feeds", { listId: aliceListId, feedId: publicFeedId });
    // A's own secret-URL feed in A's own list: its followers still may not read it.
    await a("POST", "/api/lists/feeds", { listId: aliceListId, feedId: privateFeedId });
    // A's own inbox in A's list, where the server lets her (it may refuse: then nothing is there).
    if (inboxFeedId) {
      await alice.request("POST", "/api/lists/feeds", {
        json: { listId: aliceListId, feedId: inboxFeedId },
      });
    }

    await a("PATCH", "/api/settings/general", { crossUserMarker: secret.setting });
    await a("PATCH", "/api/settings/integration", {
      readwiseEnabled: true,
      readwiseToken: secret.integrationToken,
    });
    await a("PUT", "/api/actions", {
      rules: [
        {
          name: secret.rule,
          condition: [{ field: "title", operator: "contains", value: secret.ruleValue }],
          result: { star: true },
        },
      ],
    });
    const savedId = entityId();
    await a("POST", "/api/search/saved", {
      id: savedId,
      name: secret.savedSearch,
      keyword: secret.savedKeyword,
      filters: {},
    });
    const highlightId = entityId();
    await a("POST", "/api/highlights", {
      id: highlightId,
      entryId: privateEntries[0]!,
      color: "pink",
      note: secret.highlightNote,
      exact: "x",
      prefix: "",
      suffix: "",
      start: 0,
      end: 1,
    });
    await a("POST", "/api/tags/entries", { entryId: privateEntries[0]!, tag: secret.entryTag });
    const accessToken = (
      await a("POST", "/api/tokens", { name: "A's script", kind: "personal", scope: "write" })
    ).data;
    const keys = browserKeys();
    const push = (
      await a("POST", "/api/push/subscriptions", {
        endpoint: `${pushes.baseUrl}/${secret.pushPath}`,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
        name: secret.pushName,
      })
    ).data;
    await a("PUT", "/api/ai/provider", {
      baseUrl: chat.baseUrl,
      model: "alice-model",
      apiKey: secret.aiKey,
    });
    for (const path of [
      `/api/ai/summary?id=${publicEntryId}`,
      `/api/ai/summary?id=${publicEntryId}&language=ja`,
      `/api/ai/translation?id=${publicEntryId}&language=ja&fields=title`,
    ]) {
      expect(JSON.stringify(await a("GET", path)), path).toContain(secret.aiText);
    }
    // An OPML import of A's whose one address fails (so its status lists that address).
    const imported = (
      await a("POST", "/api/subscriptions/import", {
        items: [{ url: feeds.url(`/${secret.importPath}.xml`) }],
      })
    ).data;
    importIdOfA = imported.id;
    for (let tries = 0; tries < 100; tries += 1) {
      if ((await a("GET", `/api/subscriptions/import?id=${importIdOfA}`)).data.finished) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    // A's daily report, over her private entries: as the clock reads just after the next 8 o'clock.
    await server.runDailyReports(
      new Date(nextSlot(new Date(), serverTimeZone()).getTime() + 60_000),
    );
    const instance = (
      await a("POST", "/api/rsshub-instances", {
        baseUrl: rsshub.baseUrl,
        accessKey: secret.rsshubKey,
      })
    ).data;
    const invitation = await alice.request("POST", "/api/invitations", { json: {} });
    const invitationCode: string | undefined = invitation.body?.data?.code;
    const avatar = await alice.request("POST", "/api/uploads/avatar", {
      body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]) as never,
      headers: { "content-type": "image/png" },
    });
    const avatarName =
      String(avatar.body?.data?.url ?? "")
        .split("/")
        .pop() ?? "";
    const sessions = await a("GET", "/api/better-auth/list-sessions");
    const sessionToken: string = sessions[0].token;
    const accounts = await a("GET", "/api/better-auth/list-accounts");
    const accountId: string | undefined = accounts[0]?.accountId ?? accounts[0]?.id;
    const userId: string = (await a("GET", "/api/better-auth/get-session")).user.id;

    // B's own objects, for the fields not under attack.
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    const b = async (method: string, path: string, json?: unknown): Promise<any> =>
      ok(
        await bob.request(method, path, json === undefined ? {} : { json }),
        `B ${method} ${path}`,
      );
    await b("POST", "/api/subscriptions", { url: publicUrl, view: 0 });
    const bobEntry = (await b("POST", "/api/entries", { feedId: publicFeedId })).data[2].entries.id;
    const bobList = (await b("POST", "/api/lists", { title: "Bob's list", view: 0 })).data.id;
    const bobHandle = `bob-${randomBytes(4).toString("hex")}`;
    const bobInbox = (await b("POST", "/api/inboxes", { handle: bobHandle })).data;
    const bobUser = (await b("GET", "/api/better-auth/get-session")).user.id;

    const targets: Target[] = [
      { label: "A's private-token feed (id)", value: privateFeedId, kinds: ["feed", "anyId"] },
      {
        label: "A's private-token feed (URL with a guessed token)",
        value: `${feeds.url("/private.xml")}?token=guess`,
        kinds: ["url"],
      },
      {
        label: "A's private-token feed (URL without its token)",
        value: feeds.url("/private.xml"),
        kinds: ["url"],
      },
      { label: "A's inbox (URL)", value: `inbox://${inboxHandle}`, kinds: ["url"] },
      { label: "A's inbox (handle)", value: inboxHandle, kinds: ["inbox", "anyId", "url"] },
      ...(inboxFeedId
        ? [{ label: "A's inbox (feed id)", value: inboxFeedId, kinds: ["feed", "inbox", "anyId"] }]
        : []),
      { label: "A's list", value: aliceListId, kinds: ["list", "anyId"] },
      { label: "A's private entry", value: privateEntries[0]!, kinds: ["entry", "anyId"] },
      { label: "A's read private entry", value: privateEntries[1]!, kinds: ["entry", "anyId"] },
      { label: "A's inbox entry", value: inboxEntryId, kinds: ["entry", "anyId"] },
      { label: "A's starred public entry", value: publicEntries[1]!, kinds: ["entry", "anyId"] },
      {
        label: "A's public entry summarized by A's provider",
        value: publicEntryId,
        kinds: ["entry", "anyId"],
      },
      { label: "A's saved search", value: savedId, kinds: ["anyId"] },
      { label: "A's highlight", value: highlightId, kinds: ["anyId"] },
      { label: "A's access token", value: accessToken.id, kinds: ["anyId"] },
      { label: "A's OPML import", value: importIdOfA, kinds: ["anyId"] },
      { label: "A's push registration", value: String(push.id), kinds: ["anyId"] },
      {
        label: "A's push endpoint",
        value: `${pushes.baseUrl}/${secret.pushPath}`,
        kinds: ["endpoint"],
      },
      { label: "A's RSSHub instance", value: String(instance.id), kinds: ["anyId"] },
      { label: "A (user id)", value: userId, kinds: ["user", "anyId"] },
      { label: "A's e-mail address", value: aliceEmail, kinds: ["email"] },
      { label: "A's session token", value: sessionToken, kinds: ["token"] },
      ...(accountId ? [{ label: "A's account", value: accountId, kinds: ["account"] }] : []),
      ...(avatarName ? [{ label: "A's avatar", value: avatarName, kinds: ["file"] }] : []),
      ...(invitationCode
        ? [{ label: "A's invitation code", value: invitationCode, kinds: ["code"] }]
        : []),
    ] as Target[];
    return {
      targets,
      secrets: {
        ...secret,
        aliceEmail,
        sessionToken,
        inboxSecret: inbox.secret,
        accessTokenSecret: accessToken.secret,
        ...(invitationCode ? { invitationCode } : {}),
      },
      ownHeaders: { "x-inbox-secret": bobInbox.secret },
      own: {
        feed: publicFeedId,
        list: bobList,
        entry: bobEntry,
        inbox: bobHandle,
        user: bobUser,
      },
    };
  }

  /** A's state as A reads it; what only others' actions may move is left out (follower counts). */
  async function aliceState() {
    // biome-ignore lint/suspicious/noExplicitAny: answers are compared as JSON.
    const read = async (method: string, path: string, json?: unknown): Promise<any> => {
      const answer = await alice.request(method, path, json === undefined ? {} : { json });
      return { status: answer.status, body: answer.body };
    };
    const list = await read("GET", `/api/lists?listId=${aliceListId}`);
    delete list.body?.data?.subscriptionCount;
    delete list.body?.data?.list?.subscriptionCount;
    const lists = await read("GET", "/api/lists/list");
    for (const item of lists.body?.data ?? []) delete item.subscriptionCount;
    const session = await read("GET", "/api/better-auth/get-session");
    return {
      session: session.body?.user,
      subscriptions: await read("GET", "/api/subscriptions"),
      categories: await read("GET", "/api/categories"),
      unread: await read("GET", "/api/reads"),
      privateTimeline: await read("POST", "/api/entries", { feedId: privateFeedId }),
      stars: await read("POST", "/api/entries", { isCollection: true }),
      inboxes: await read("GET", "/api/inboxes/list"),
      inboxEntries: await read("POST", "/api/entries/inbox", { inboxId: inboxHandle }),
      lists,
      list,
      settings: await read("GET", "/api/settings"),
      actions: await read("GET", "/api/actions"),
      savedSearches: await read("GET", "/api/search/saved"),
      highlights: await read("GET", "/api/highlights"),
      tokens: await read("GET", "/api/tokens"),
      entryTags: await read("GET", "/api/tags/entries"),
      push: await read("GET", "/api/push/subscriptions"),
      provider: await read("GET", "/api/ai/provider"),
      summary: await read("GET", `/api/ai/summary?id=${publicEntryId}`),
      dailyReports: await read("GET", "/api/ai/daily-reports"),
      imported: await read("GET", `/api/subscriptions/import?id=${importIdOfA}`),
      rsshub: await read("GET", "/api/rsshub-instances"),
      invitations: await read("GET", "/api/invitations"),
      // Her change counter: nothing B does is a change of hers (the live change stream).
      syncVersion: await read("GET", "/api/sync/version"),
      pushesDelivered: pushes.received.length,
    };
  }

  /** What B itself reads after trying an endpoint: an object of A reached there leaks too. */
  async function bobReads() {
    return [
      await bob.request("GET", "/api/subscriptions"),
      await bob.request("POST", "/api/entries", { json: { withContent: true } }),
      await bob.request("POST", "/api/entries", { json: { isCollection: true } }),
      await bob.request("POST", "/api/entries", { json: { listId: seeded.own.list } }),
      await bob.request("POST", "/api/search", { json: { keyword: secret.entryTitle } }),
      await bob.request("POST", "/api/search", { json: { keyword: secret.mailSubject } }),
      await bob.request("GET", "/api/lists/list"),
      await bob.request("GET", "/api/highlights"),
      await bob.request("GET", "/api/tags/entries"),
    ];
  }

  /** Requests B sends to one endpoint: each of A's objects in each field of its kind. */
  function attacks(name: string, endpoint: Endpoint, unclassified: string[]) {
    const shape = requestShape(endpoint);
    const sends: {
      label: string;
      params: Record<string, unknown>;
      request: Record<string, unknown>;
    }[] = [];
    const put = (
      into: { params: Record<string, unknown>; request: Record<string, unknown> },
      field: Field,
      value: string,
    ) => {
      const wrapped = field.array ? [value] : value;
      if (field.inPath) into.params = setField(shape, into.params, field, wrapped);
      else into.request = setField(shape, into.request, field, wrapped);
    };
    const withOwn = (base: RequestShape, requiredOnly: boolean, except?: Field) => {
      const into = { params: structuredClone(base.params), request: structuredClone(base.request) };
      for (const field of base.fields) {
        if (field.name in CONTEXT && field.path.length === 1 && !field.inPath) {
          put(into, field, CONTEXT[field.name]!);
          continue;
        }
        if (field === except || (requiredOnly && !field.required)) continue;
        // Beside B's own objects, every switch on too (deleteSubscriptions, withContent...).
        if (!requiredOnly && minimalOf(base, field) === false && field.path.length === 1) {
          into.request = setField(base, into.request, field, true);
          continue;
        }
        const kind = kindOf(field);
        const own = kind && seeded.own[kind];
        if (own && field.path.every((step) => typeof step === "string")) put(into, field, own);
      }
      return into;
    };
    for (const field of shape.fields) {
      const kind = kindOf(field);
      if (!kind) {
        if (IDENTIFYING.test(field.name) && !NOT_OBJECTS.has(field.name)) {
          unclassified.push(`${name}: ${field.path.join(".")}`);
        }
        continue;
      }
      for (const target of seeded.targets.filter((t) => t.kinds.includes(kind))) {
        for (const requiredOnly of [true, false]) {
          const into = withOwn(shape, requiredOnly, field);
          put(into, field, target.value);
          sends.push({ label: `${field.path.join(".")}=${target.label}`, ...into });
        }
      }
    }
    if (sends.length === 0) sends.push({ label: "as B", ...withOwn(shape, false) });
    // The same request twice (alone and beside B's own objects) is sent once.
    const seen = new Set<string>();
    return {
      shape,
      sends: sends.filter((send) => {
        const k = JSON.stringify([send.params, send.request]);
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      }),
    };
  }

  /** Endpoints that end B's own session or account go last (B is signed in again after each). */
  const ENDS_SESSION = /^auth\.(signOut|deleteUser|revokeOtherSessions|revokeSession)$/;

  it("lets B read nothing of A's and change nothing of A's, on every endpoint", async () => {
    const table = listEndpoints().sort(
      (x, y) => Number(ENDS_SESSION.test(x.name)) - Number(ENDS_SESSION.test(y.name)),
    );
    const unclassified: string[] = [];
    const leaks: string[] = [];
    const changes: string[] = [];
    const errors: string[] = [];
    let pairs = 0;
    // A's live change stream, held through the whole scan: it states her version and hears
    // nothing of what B does.
    const aliceStream = await EventStreamClient.open(alice);
    const connectPoke = await aliceStream.nextPoke(() => true);
    const scan = (where: string, text: string, sent: string) => {
      for (const [what, value] of Object.entries(seeded.secrets)) {
        if (value && text.includes(value) && !sent.includes(value)) {
          leaks.push(`${where}: answer carries A's ${what}`);
        }
      }
    };
    for (const { name, endpoint } of table) {
      const before = await aliceState();
      const { sends } = attacks(name, endpoint, unclassified);
      for (const send of sends) {
        const http = toHttp(endpoint, send.params, send.request);
        const sent = `${http.url} ${JSON.stringify(http.json ?? "")}`;
        // As B (a copy of B's cookies: a sign-in or sign-up answer does not replace B's
        // session), and as someone with no session at all.
        for (const [who, as] of [
          ["B", new TestClient(server.localUrl).copyCookiesFrom(bob)],
          ["anonymous", new TestClient(server.localUrl)],
        ] as const) {
          const answer = await as.request(http.method, http.url, {
            ...(http.json === undefined ? {} : { json: http.json }),
            headers: who === "B" ? seeded.ownHeaders : {},
          });
          pairs += 1;
          const where = `${name} ${send.label} (${who})`;
          if (process.env.CROSS_USER_VERBOSE) {
            console.log(`${where} -> ${answer.status} ${answer.text.slice(0, 160)}`);
          }
          // A coded 502 or 503 speaks of another server (the entry's page failed, no speech
          // provider is set up); a 500, or a 5xx without a code, is a fault.
          const upstream =
            (answer.status === 502 || answer.status === 503) &&
            typeof answer.body?.code === "number";
          if (answer.status >= 500 && !upstream) {
            errors.push(`${where}: ${answer.status} ${answer.text.slice(0, 120)}`);
          }
          scan(where, `${answer.text} ${[...answer.headers].join(" ")}`, sent);
        }
      }
      if ((await bob.session()).body?.user?.email !== bobEmail) {
        bob = new TestClient(server.localUrl);
        if ((await bob.signIn(bobEmail, PASSWORD)).status !== 200) {
          await bob.signUp(bobEmail, PASSWORD, "Bob");
        }
      }
      for (const answer of await bobReads()) scan(`${name}, then B's own reads`, answer.text, "");
      const after = await aliceState();
      try {
        expect(after).toEqual(before);
      } catch {
        const moved = Object.keys(before).filter(
          (k) =>
            JSON.stringify(before[k as keyof typeof before]) !==
            JSON.stringify(after[k as keyof typeof after]),
        );
        changes.push(`${name}: A's ${moved.join(", ")} changed`);
      }
    }
    await aliceStream.close();
    expect(aliceStream.pokes(), "pokes on A's stream during B's scan").toEqual([connectPoke]);
    const endpoints = table.length;
    console.log(
      `cross-user: ${pairs} endpoint × object pairs tried on ${dialect} (as B and without a session) across ${endpoints} endpoints, ${leaks.length} leaks, ${changes.length} changes, ${errors.length} 5xx`,
    );
    for (const line of [...leaks, ...changes, ...errors, ...unclassified]) console.log(`  ${line}`);
    expect(unclassified, "fields that name an object but have no kind above").toEqual([]);
    expect(leaks).toEqual([]);
    expect(changes).toEqual([]);
    expect(errors).toEqual([]);
    expect(pairs).toBeGreaterThanOrEqual(endpoints);
  }, 600_000);

  it("keeps A, who follows the feed privately, out of the read history of an entry she read", async () => {
    // A's id is public through her list, so the generated scan cannot treat it as a secret.
    const userId = (await alice.session()).body.user.id;
    // B (perhaps a new account by now: the suite ends with B deleting his own) follows it too.
    await bob.request("POST", "/api/subscriptions", {
      json: { url: feeds.url("/public.xml"), view: 0 },
    });
    const history = await bob.request("GET", `/api/entries/read-histories/${publicEntryId}`);
    expect(history.status).toBe(200);
    expect(history.text).not.toContain(userId);
  });
});
