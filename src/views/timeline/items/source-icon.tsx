import { type IconProps, StrokeIcon } from "../../../ui/icons.tsx";
import { FeedIcon } from "../../subscriptions/feed-icon.tsx";

/** An envelope: what came into an inbox (mail or a webhook post) has no feed icon. */
export function EnvelopeIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </StrokeIcon>
  );
}

/** Where an entry came from, as a small icon: its inbox's envelope, or its feed's icon. */
export function SourceIcon(props: {
  title: string;
  image: string | null;
  feedId: string | null;
  inboxHandle: string | null;
  size: number;
}) {
  if (props.inboxHandle && !props.image) {
    return (
      <EnvelopeIcon
        size={props.size}
        className="shrink-0 text-accent"
        data-testid="entry-source-inbox"
      />
    );
  }
  return (
    <FeedIcon
      title={props.title || "?"}
      image={props.image}
      // An inbox has no site whose icon the server could keep.
      feedId={props.inboxHandle ? null : props.feedId}
      size={props.size}
    />
  );
}
