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
  let closed = false;
  // A closed channel throws on postMessage; the stream may report its end after the close.
  const post = (message: Message) => {
    if (!closed) channel?.postMessage(message);
  };
  if (channel) {
    channel.onmessage = (event: MessageEvent<Message>) => {
      const message = event.data;
      if ("ask" in message) {
        if (leader) post({ live: current });
      } else if (!leader) {
        onLive(message.live);
      }
    };
    if (!leader) post({ ask: true });
  }
  return {
    announce(live) {
      current = live;
      if (closed) return;
      onLive(live);
      if (leader) post({ live });
    },
    close() {
      if (leader && current) post({ live: false });
      closed = true;
      channel?.close();
    },
  };
}
