import { contextBridge, ipcRenderer } from "electron";
import { DESKTOP_CHANNELS, type DesktopBridge, MENU_ACTION_CHANNEL } from "../contract/desktop.ts";

/**
 * The only thing the renderer gets from the desktop app: `window.electron`, a frozen object of
 * functions that each invoke one IPC channel (no ipcRenderer, no Node). Runs sandboxed with
 * context isolation; the main process checks the caller's origin and every argument again.
 */
const invoke =
  (channel: string) =>
  (...args: unknown[]) =>
    ipcRenderer.invoke(channel, ...args);

const bridge: DesktopBridge = {
  platform: process.platform as DesktopBridge["platform"],
  openExternal: invoke(DESKTOP_CHANNELS.openExternal) as DesktopBridge["openExternal"],
  setUnreadCount: invoke(DESKTOP_CHANNELS.setUnreadCount) as DesktopBridge["setUnreadCount"],
  setOpenLinksExternally: invoke(
    DESKTOP_CHANNELS.setOpenLinksExternally,
  ) as DesktopBridge["setOpenLinksExternally"],
  saveToObsidian: invoke(DESKTOP_CHANNELS.saveToObsidian) as DesktopBridge["saveToObsidian"],
  saveToEagle: invoke(DESKTOP_CHANNELS.saveToEagle) as DesktopBridge["saveToEagle"],
  eagleAvailable: invoke(DESKTOP_CHANNELS.eagleAvailable) as DesktopBridge["eagleAvailable"],
  getServer: invoke(DESKTOP_CHANNELS.getServer) as DesktopBridge["getServer"],
  setServer: invoke(DESKTOP_CHANNELS.setServer) as DesktopBridge["setServer"],
  notify: invoke(DESKTOP_CHANNELS.notify) as DesktopBridge["notify"],
  onMenuAction(listener) {
    const relay = (_event: unknown, id: unknown) => {
      if (typeof id === "string") listener(id);
    };
    ipcRenderer.on(MENU_ACTION_CHANNEL, relay);
    return () => ipcRenderer.removeListener(MENU_ACTION_CHANNEL, relay);
  },
};

contextBridge.exposeInMainWorld("electron", Object.freeze(bridge));
