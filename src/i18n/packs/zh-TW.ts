// Every namespace of this language in one chunk, loaded when the language is chosen (./backend.ts).
export default import.meta.glob<Record<string, unknown>>("../../../locales/zh-TW/*.json", {
  eager: true,
  import: "default",
});
