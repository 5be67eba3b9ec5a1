/**
 * Whether the change stream is up, shared between the tabs of a profile: only the leader
 * holds the stream, every tab's sync indicator shows it. The leader announces each change
 * and answers a newcomer's question; followers listen.
 */
export interface LiveStatus {
  /** The leader's stream went up or down (a no-op for followers). */
  announce(live: boolean): void;
  close(): void;
}

type Message = { live: boolean } | { ask: true };

export function followLiveStatus(
  channelName: string | undefined,
  leader: boolean,
  onLive: (live: boolean) => void,
): LiveStatus {
  const channel =
    channelName && typeof BroadcastChannel !== "undefined"
      ? new BroadcastChannel(channelName)
      : undefined;
  let current = false;
  if (channel) {
    channel.onmessage = (event: MessageEvent<Message>) => {
      const message = event.data;
      if ("ask" in message) {
        if (leader) channel.postMessage({ live: current } satisfies Message);
      } else if (!leader) {
        onLive(message.live);
      }
    };
    if (!leader) channel.postMessage({ ask: true } satisfies Message);
  }
  return {
    announce(live) {
      current = live;
      onLive(live);
      if (leader) channel?.postMessage({ live } satisfies Message);
    },
    close() {
      if (leader && current) channel?.postMessage({ live: false } satisfies Message);
      channel?.close();
    },
  };
}
