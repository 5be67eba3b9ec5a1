// Every namespace of this language in one chunk, loaded when the language is chosen (./backend.ts).
export default import.meta.glob<Record<string, unknown>>("../../../locales/ja/*.json", {
  eager: true,
  import: "default",
});
