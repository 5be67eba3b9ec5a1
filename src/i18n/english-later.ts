// English namespaces the first paint does not show (LATER_NAMESPACES in ./options.ts), in one
// chunk loaded just after the start (./backend.ts): one request, not one per namespace.
export default import.meta.glob<Record<string, unknown>>(
  [
    "../../locales/en/accounts.json",
    "../../locales/en/discover.json",
    "../../locales/en/power.json",
    "../../locales/en/integrations.json",
    "../../locales/en/controls.json",
    "../../locales/en/claims.json",
  ],
  { eager: true, import: "default" },
);
