/** Whether the keyboard's main modifier is Meta (macOS, iOS) rather than Control. */
function isApplePlatform(platform: string | undefined): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(platform ?? "");
}

/** The current browser's platform string, preferring User-Agent Client Hints. */
function currentPlatform(): string {
  if (typeof navigator === "undefined") return "";
  const hints = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  return hints?.platform || navigator.platform || "";
}

export const IS_MAC = isApplePlatform(currentPlatform());
