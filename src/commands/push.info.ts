import { commandInfo } from "./types.ts";

/** This user's browsers for push notifications (Settings › Notifications), no Effect. */

export interface PushDeviceInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  name?: string;
}

export const registerDeviceInfo = commandInfo({
  name: "push.registerDevice",
  conflict: { rule: "independent", because: "Each browser registers its own push endpoint." },
  keywords: ["notifications", "push", "device"],
  fromContext: (_context, input?: PushDeviceInput) => (input ? { ...input } : undefined),
});

export const removeDeviceInfo = commandInfo({
  name: "push.removeDevice",
  conflict: { rule: "delete-wins" },
  keywords: ["notifications", "push", "device"],
  fromContext: (_context, input?: { id: string }) => (input ? { id: input.id } : undefined),
});

export const sendTestInfo = commandInfo({
  name: "push.sendTest",
  conflict: { rule: "independent", because: "Sends a message; changes no state." },
  keywords: ["notifications", "push", "test"],
  fromContext: (_context, input?: { id?: string }) =>
    input ? (input.id ? { id: input.id } : {}) : undefined,
});
