import type { ApiReactions, ApiToast } from "../../src/api/reactions.ts";

/** Test helper: ApiReactions that record what they were asked to do. */
export interface RecordingReactions extends ApiReactions {
  toasts: ApiToast[];
  navigations: string[];
  signOuts: number;
  networkResults: boolean[];
}

/** `translations` plays the errors namespace; missing keys fall back like i18next does. */
export function recordingReactions(translations: Record<string, string> = {}): RecordingReactions {
  const recorder: RecordingReactions = {
    toasts: [],
    navigations: [],
    signOuts: 0,
    networkResults: [],
    toast: (toast) => recorder.toasts.push(toast),
    navigate: (path) => recorder.navigations.push(path),
    signedOut: () => {
      recorder.signOuts += 1;
    },
    translate: (key, fallback) => translations[key] ?? fallback,
    onNetworkResult: (ok) => recorder.networkResults.push(ok),
  };
  return recorder;
}
