import type { ReactNode, SVGProps } from "react";

/** Small stroke icons drawn inline, so the shell needs no icon package. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The one way every icon of the app is drawn: 24-unit grid, 1.75 stroke, optionally filled. */
export function StrokeIcon({
  size = 18,
  children,
  filled,
  ...props
}: IconProps & { children: ReactNode; filled?: boolean | undefined }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </StrokeIcon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </StrokeIcon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M20 6 9 17l-5-5" />
    </StrokeIcon>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m9 18 6-6-6-6" />
    </StrokeIcon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </StrokeIcon>
  );
}

export function CopyIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </StrokeIcon>
  );
}

export function ArticlesIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 8h8M8 12h8M8 16h5" />
    </StrokeIcon>
  );
}

export function SocialIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M21 11.5a8.4 8.4 0 0 1-12.2 7.5L3 21l2-5.3A8.4 8.4 0 1 1 21 11.5z" />
    </StrokeIcon>
  );
}

export function PicturesIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 16-5-5-9 9" />
    </StrokeIcon>
  );
}

export function VideosIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m10 9 5 3-5 3z" />
    </StrokeIcon>
  );
}

export function AudiosIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 15v-3a8 8 0 0 1 16 0v3" />
      <rect x="3" y="14" width="4" height="6" rx="1.5" />
      <rect x="17" y="14" width="4" height="6" rx="1.5" />
    </StrokeIcon>
  );
}

export function NotificationsIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </StrokeIcon>
  );
}

export function DiscoverIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m15.5 8.5-2 5-5 2 2-5z" />
    </StrokeIcon>
  );
}

export function ActionsIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M13 2 4 14h7l-1 8 9-12h-7z" />
    </StrokeIcon>
  );
}

export function PowerIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12.5 6.5 9 13h3.5l-1 4.5L15 11h-3.5z" />
    </StrokeIcon>
  );
}

export function RssIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 11a9 9 0 0 1 9 9" />
      <path d="M4 4a16 16 0 0 1 16 16" />
      <circle cx="5" cy="19" r="1" />
    </StrokeIcon>
  );
}

export function SettingsIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </StrokeIcon>
  );
}

export function SignOutIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="m16 17 5-5-5-5M21 12H9" />
    </StrokeIcon>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </StrokeIcon>
  );
}

export function AlertIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
      <path d="M12 9v4M12 17h.01" />
    </StrokeIcon>
  );
}

export function InboxIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M22 12h-6l-2 3h-4l-2-3H2" />
      <path d="M5.5 5.1 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z" />
    </StrokeIcon>
  );
}

/** The reader's icons (toolbars, rows, menus): one stroke path each. */
const make = (path: ReactNode) => (props: IconProps & { filled?: boolean }) => (
  <StrokeIcon {...props}>{path}</StrokeIcon>
);

export const StarIcon = make(
  <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />,
);
export const PlusIcon = make(<path d="M12 5v14M5 12h14" />);
export const ChevronDownIcon = make(<path d="m6 9 6 6 6-6" />);
export const ArrowLeftIcon = make(<path d="M19 12H5M12 19l-7-7 7-7" />);
export const RefreshIcon = make(
  <path d="M21 12a9 9 0 0 1-15.4 6.4L3 16M3 12a9 9 0 0 1 15.4-6.4L21 8M21 3v5h-5M3 21v-5h5" />,
);
export const ExternalIcon = make(
  <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />,
);
export const ShareIcon = make(
  <path d="M4 12v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8M16 6l-4-4-4 4M12 2v13" />,
);
export const LinkIcon = make(
  <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />,
);
export const CircleIcon = make(<circle cx="12" cy="12" r="8" />);
export const CircleCheckIcon = make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </>,
);
export const PlayIcon = make(<path d="M7 4v16l13-8z" />);
export const PauseIcon = make(<path d="M7 4h3v16H7zM14 4h3v16h-3z" />);
export const FolderIcon = make(
  <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />,
);
export const BookIcon = make(
  <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5zM4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5" />,
);
export const CloudIcon = make(
  <path d="M17.5 19H7a5 5 0 1 1 1.2-9.9A6 6 0 0 1 19.5 11 4 4 0 0 1 17.5 19z" />,
);
export const CloudOffIcon = make(
  <path d="M2 2l20 20M5.8 9.4A5 5 0 0 0 7 19h10.5M21 15.5A4 4 0 0 0 19.5 11a6 6 0 0 0-8.6-4.9" />,
);
export const EyeIcon = make(
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const ListIcon = make(<path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />);
/** Arrow up beside shortening bars: the timeline read from its oldest entry. */
export const SortOldestIcon = make(<path d="M7 20V4M3 8l4-4 4 4M14 6h7M14 12h5M14 18h3" />);
export const CheckAllIcon = make(<path d="M18 7 9.5 15.5 6 12M22 7l-8.5 8.5-1-1M2 12l3.5 3.5" />);
export const WideIcon = make(<path d="M3 12h18M7 8l-4 4 4 4M17 8l4 4-4 4" />);
export const ZenIcon = make(
  <path d="M8 3H5a2 2 0 0 0-2 2v3M21 8V5a2 2 0 0 0-2-2h-3M3 16v3a2 2 0 0 0 2 2h3M16 21h3a2 2 0 0 0 2-2v-3" />,
);
export const LockIcon = make(
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);
export const PaperclipIcon = make(
  <path d="m21 11-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6L15 7" />,
);
/** Picture in picture: a video keeps playing in the corner player while you browse. */
export const PipIcon = make(
  <>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <rect x="12" y="12" width="7" height="5" rx="1" />
  </>,
);

/** The corner player's glyphs (filled play and pause, skip back and forward, volume). */

export function PlayFilledIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
    </StrokeIcon>
  );
}

export function PauseFilledIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="6" y="4.5" width="4" height="15" rx="1" fill="currentColor" />
      <rect x="14" y="4.5" width="4" height="15" rx="1" fill="currentColor" />
    </StrokeIcon>
  );
}

export function SkipBackIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3 12a9 9 0 1 0 3-6.7" />
      <path d="M3 4v5h5" />
    </StrokeIcon>
  );
}

export function SkipForwardIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M21 12a9 9 0 1 1-3-6.7" />
      <path d="M21 4v5h-5" />
    </StrokeIcon>
  );
}

export function VolumeIcon({ muted, ...props }: IconProps & { muted?: boolean }) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 9v6h4l5 4V5L8 9z" />
      {muted ? (
        <path d="m17 9 5 5m0-5-5 5" />
      ) : (
        <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
      )}
    </StrokeIcon>
  );
}
/** A page of notes: the daily AI report. */
export const DailyReportIcon = make(
  <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8zM14 3v5h5M9 13h6M9 17h4" />,
);
