import type { AnswerFormat, Endpoint, HttpMethod } from "./endpoint.ts";
import type { Endpoints } from "./index.ts";

/**
 * The API table's light half: each endpoint's method, path and answer format, with no Effect.
 * The schema half (`<domain>.ts`, `endpoints` in index.ts) declares each endpoint from its
 * route here, so a path is written once, in this file. What runs before the first paint (the
 * session, the first pull) calls `endpointInfo.<domain>.<call>`: api.call() sends the request
 * and loads the Schemas alongside it, then decodes the answer with them (src/api/client.ts).
 */

/** One endpoint as the light half knows it. */
export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
  readonly format?: AnswerFormat;
}

const table = {
  achievements: {
    list: { method: "GET", path: "/achievements" },
    claim: { method: "POST", path: "/achievements/claim" },
    received: { method: "GET", path: "/achievements/received" },
    audits: { method: "GET", path: "/achievements/audits" },
    audit: { method: "POST", path: "/achievements/audit" },
  },
  actions: {
    get: { method: "GET", path: "/actions" },
    put: { method: "PUT", path: "/actions" },
    apply: { method: "POST", path: "/actions/apply" },
  },
  ai: {
    summary: { method: "GET", path: "/ai/summary" },
    summaryStream: { method: "GET", path: "/ai/summary/stream", format: "ndjson" },
    translation: { method: "GET", path: "/ai/translation" },
    config: { method: "GET", path: "/ai/config" },
    provider: { method: "GET", path: "/ai/provider" },
    setProvider: { method: "PUT", path: "/ai/provider" },
    removeProvider: { method: "DELETE", path: "/ai/provider" },
    dailyReports: { method: "GET", path: "/ai/daily-reports" },
    // The entry read aloud by the operator's speech provider (audio bytes, not JSON).
    speech: { method: "GET", path: "/ai/speech" },
  },
  auth: {
    getSession: { method: "GET", path: "/better-auth/get-session" },
    signIn: { method: "POST", path: "/better-auth/sign-in/email" },
    signUp: { method: "POST", path: "/better-auth/sign-up/email" },
    signOut: { method: "POST", path: "/better-auth/sign-out" },
    sendVerificationEmail: { method: "POST", path: "/better-auth/send-verification-email" },
    requestPasswordReset: { method: "POST", path: "/better-auth/request-password-reset" },
    resetPassword: { method: "POST", path: "/better-auth/reset-password" },
    changePassword: { method: "POST", path: "/better-auth/change-password" },
    changeEmail: { method: "POST", path: "/better-auth/change-email" },
    deleteUser: { method: "POST", path: "/better-auth/delete-user" },
    enableTwoFactor: { method: "POST", path: "/better-auth/two-factor/enable" },
    disableTwoFactor: { method: "POST", path: "/better-auth/two-factor/disable" },
    verifyTotp: { method: "POST", path: "/better-auth/two-factor/verify-totp" },
    verifyBackupCode: { method: "POST", path: "/better-auth/two-factor/verify-backup-code" },
    updateUser: { method: "POST", path: "/better-auth/update-user" },
    providers: { method: "GET", path: "/better-auth/providers" },
    signInSocial: { method: "POST", path: "/better-auth/sign-in/social" },
    linkSocial: { method: "POST", path: "/better-auth/link-social" },
    listAccounts: { method: "GET", path: "/better-auth/list-accounts" },
    unlinkAccount: { method: "POST", path: "/better-auth/unlink-account" },
    listSessions: { method: "GET", path: "/better-auth/list-sessions" },
    revokeSession: { method: "POST", path: "/better-auth/revoke-session" },
    revokeOtherSessions: { method: "POST", path: "/better-auth/revoke-other-sessions" },
    setPassword: { method: "POST", path: "/better-auth/set-password" },
  },
  categories: {
    list: { method: "GET", path: "/categories" },
    rename: { method: "PATCH", path: "/categories" },
    remove: { method: "DELETE", path: "/categories" },
  },
  collections: {
    check: { method: "GET", path: "/collections" },
    add: { method: "POST", path: "/collections" },
    remove: { method: "DELETE", path: "/collections" },
  },
  discover: {
    search: { method: "POST", path: "/discover" },
    trending: { method: "GET", path: "/discover/trending" },
    category: { method: "GET", path: "/discover/category" },
    rsshub: { method: "GET", path: "/discover/rsshub" },
  },
  entries: {
    list: { method: "POST", path: "/entries" },
    get: { method: "GET", path: "/entries" },
    stream: { method: "POST", path: "/entries/stream", format: "ndjson" },
    readability: { method: "GET", path: "/entries/readability" },
    readHistories: { method: "GET", path: "/entries/read-histories/:id" },
    checkNew: { method: "GET", path: "/entries/check-new" },
  },
  invitations: {
    list: { method: "GET", path: "/invitations" },
    limitation: { method: "GET", path: "/invitations/limitation" },
    create: { method: "POST", path: "/invitations" },
    use: { method: "POST", path: "/invitations/use" },
  },
  claims: {
    challenge: { method: "POST", path: "/feeds/claim/challenge" },
    verify: { method: "POST", path: "/feeds/claim/verify" },
    owners: { method: "GET", path: "/feeds/claim/owners" },
    mine: { method: "GET", path: "/feeds/claim/mine" },
    analytics: { method: "GET", path: "/feeds/claim/analytics" },
  },
  feeds: {
    get: { method: "GET", path: "/feeds" },
    refresh: { method: "GET", path: "/feeds/refresh" },
    // The feed's site icon as kept by the server (the image bytes, not JSON).
    icon: { method: "GET", path: "/feeds/icon" },
  },
  health: {
    get: { method: "GET", path: "/health" },
  },
  wallets: {
    get: { method: "GET", path: "/wallets" },
    create: { method: "POST", path: "/wallets" },
    ranking: { method: "GET", path: "/wallets/ranking" },
    transactions: { method: "GET", path: "/wallets/transactions" },
    tip: { method: "POST", path: "/wallets/transactions/tip" },
    claimDaily: { method: "POST", path: "/wallets/transactions/claim_daily" },
    claimCheck: { method: "GET", path: "/wallets/transactions/claim-check" },
    withdraw: { method: "POST", path: "/wallets/transactions/withdraw" },
    boost: { method: "POST", path: "/wallets/transactions/boost" },
    boostLevels: { method: "GET", path: "/wallets/boosts/levels" },
    boosters: { method: "GET", path: "/wallets/boosts" },
    airdrop: { method: "GET", path: "/wallets/airdrop" },
    claimAirdrop: { method: "POST", path: "/wallets/airdrop" },
    invitationPrice: { method: "GET", path: "/wallets/invitation-price" },
    adminMint: { method: "POST", path: "/wallets/admin/mint" },
    adminDailyPool: { method: "PUT", path: "/wallets/admin/daily-pool" },
    adminWithdrawals: { method: "GET", path: "/wallets/admin/withdrawals" },
    adminSettle: { method: "POST", path: "/wallets/admin/withdrawals/settle" },
    adminAirdrops: { method: "POST", path: "/wallets/admin/airdrops" },
    adminAudit: { method: "GET", path: "/wallets/admin/audit" },
  },
  publishedFeeds: {
    list: { method: "GET", path: "/published-feeds" },
    create: { method: "POST", path: "/published-feeds" },
    rotate: { method: "POST", path: "/published-feeds/rotate" },
    revoke: { method: "DELETE", path: "/published-feeds" },
  },
  openapi: {
    document: { method: "GET", path: "/openapi.json" },
    // The document rendered as an HTML page (not JSON).
    reference: { method: "GET", path: "/docs" },
  },
  readingPositions: {
    list: { method: "GET", path: "/reading-positions" },
    save: { method: "PUT", path: "/reading-positions" },
  },
  highlights: {
    list: { method: "GET", path: "/highlights" },
    create: { method: "POST", path: "/highlights" },
    update: { method: "PATCH", path: "/highlights" },
    remove: { method: "DELETE", path: "/highlights" },
  },
  inboxes: {
    create: { method: "POST", path: "/inboxes" },
    update: { method: "PUT", path: "/inboxes" },
    remove: { method: "DELETE", path: "/inboxes" },
    get: { method: "GET", path: "/inboxes" },
    list: { method: "GET", path: "/inboxes/list" },
    listEntries: { method: "POST", path: "/entries/inbox" },
    getEntry: { method: "GET", path: "/entries/inbox" },
    removeEntry: { method: "DELETE", path: "/entries/inbox" },
    // Called by other programs with the inbox's secret, not by a signed-in person.
    webhook: { method: "POST", path: "/inbox-webhooks/:handle" },
    // A file that came with inbox mail (the bytes themselves, not JSON).
    file: { method: "GET", path: "/inbox-files/:name" },
  },
  lists: {
    get: { method: "GET", path: "/lists" },
    list: { method: "GET", path: "/lists/list" },
    create: { method: "POST", path: "/lists" },
    update: { method: "PATCH", path: "/lists" },
    remove: { method: "DELETE", path: "/lists" },
    addFeeds: { method: "POST", path: "/lists/feeds" },
    removeFeeds: { method: "DELETE", path: "/lists/feeds" },
  },
  integrations: {
    save: { method: "POST", path: "/integrations/save" },
    test: { method: "POST", path: "/integrations/test" },
  },
  push: {
    key: { method: "GET", path: "/push/key" },
    list: { method: "GET", path: "/push/subscriptions" },
    subscribe: { method: "POST", path: "/push/subscriptions" },
    unsubscribe: { method: "DELETE", path: "/push/subscriptions" },
    test: { method: "POST", path: "/push/test" },
  },
  profiles: {
    batch: { method: "POST", path: "/profiles/batch" },
  },
  tags: {
    list: { method: "GET", path: "/tags/entries" },
    add: { method: "POST", path: "/tags/entries" },
    remove: { method: "DELETE", path: "/tags/entries" },
    rename: { method: "PATCH", path: "/tags" },
  },
  // WebSub callbacks: called by feed hubs, keyed by an unguessable id, no session.
  websub: {
    verify: { method: "GET", path: "/websub/:callback" },
    deliver: { method: "POST", path: "/websub/:callback" },
  },
  uploads: {
    avatar: { method: "POST", path: "/uploads/avatar" },
    getAvatar: { method: "GET", path: "/uploads/avatars/:name" },
  },
  reads: {
    unread: { method: "GET", path: "/reads" },
    markRead: { method: "POST", path: "/reads" },
    markUnread: { method: "DELETE", path: "/reads" },
    markAllRead: { method: "POST", path: "/reads/all" },
  },
  search: {
    query: { method: "POST", path: "/search" },
  },
  feedRouteInstances: {
    list: { method: "GET", path: "/rsshub-instances" },
    add: { method: "POST", path: "/rsshub-instances" },
    update: { method: "PATCH", path: "/rsshub-instances" },
    remove: { method: "DELETE", path: "/rsshub-instances" },
    check: { method: "POST", path: "/rsshub-instances/check" },
    choose: { method: "PUT", path: "/rsshub-instances/default" },
  },
  savedSearches: {
    list: { method: "GET", path: "/search/saved" },
    save: { method: "POST", path: "/search/saved" },
    rename: { method: "PATCH", path: "/search/saved" },
    remove: { method: "DELETE", path: "/search/saved" },
  },
  settings: {
    get: { method: "GET", path: "/settings" },
    patch: { method: "PATCH", path: "/settings/:tab" },
  },
  sync: {
    // Server-Sent Events: a "poke" with the user's version whenever their data changes.
    stream: { method: "GET", path: "/sync/stream", format: "sse" },
    version: { method: "GET", path: "/sync/version" },
  },
  // App passwords and personal access tokens: managed with a browser session only.
  tokens: {
    list: { method: "GET", path: "/tokens" },
    create: { method: "POST", path: "/tokens" },
    revoke: { method: "DELETE", path: "/tokens" },
  },
  subscriptions: {
    list: { method: "GET", path: "/subscriptions" },
    subscribe: { method: "POST", path: "/subscriptions" },
    update: { method: "PATCH", path: "/subscriptions" },
    unsubscribe: { method: "DELETE", path: "/subscriptions" },
    batchUpdate: { method: "PATCH", path: "/subscriptions/batch" },
    parseOpml: { method: "POST", path: "/subscriptions/parse-opml" },
    uploadOpml: { method: "POST", path: "/subscriptions/opml-file" },
    importOpml: { method: "POST", path: "/subscriptions/import" },
    importStatus: { method: "GET", path: "/subscriptions/import" },
    exportOpml: { method: "GET", path: "/subscriptions/export" },
  },
} as const satisfies Record<string, Record<string, Route>>;

type Table = typeof table;
type Named<T extends Record<string, Record<string, Route>>> = {
  readonly [D in keyof T]: {
    readonly [C in keyof T[D]]: T[D][C] & { readonly name: `${D & string}.${C & string}` };
  };
};

/** The routes, each with its name (`domain.call`): what the schema half declares from. */
export const routes = Object.fromEntries(
  Object.entries(table).map(([domain, calls]) => [
    domain,
    Object.fromEntries(
      Object.entries(calls).map(([call, route]) => [call, { ...route, name: `${domain}.${call}` }]),
    ),
  ]),
) as Named<Table>;

/** An endpoint without its Schemas; its type still says what the call takes and answers. */
export interface EndpointInfo<E extends Endpoint = Endpoint> {
  readonly name: string;
  readonly method: E["method"];
  readonly path: E["path"];
  readonly format?: AnswerFormat;
  /** Type only: the endpoint with its Schemas, in the schema half. */
  readonly schemas?: E;
}

type InfoTable = {
  readonly [D in keyof Endpoints]: {
    readonly [C in keyof Endpoints[D] as Endpoints[D][C] extends Endpoint
      ? C
      : never]: EndpointInfo<Extract<Endpoints[D][C], Endpoint>>;
  };
};

/** `endpointInfo.<domain>.<call>`: what api.call() takes where Effect has not loaded yet. */
export const endpointInfo = routes as unknown as InfoTable;

/** Whether `target` is a light endpoint (no Schemas). */
export function isEndpointInfo(target: EndpointInfo | Endpoint): target is EndpointInfo {
  return !("response" in target);
}
