import type { ReactNode } from "react";
import { type IconProps, StrokeIcon } from "./icons.tsx";

/** The reader's own icons, drawn by the shell's StrokeIcon. */
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
