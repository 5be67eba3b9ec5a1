import { type IconProps, StrokeIcon } from "../ui/icons.tsx";

/** Player glyphs, drawn like the shell's icons. */
const Glyph = StrokeIcon;

export function PlayIcon(props: IconProps) {
  return (
    <Glyph {...props}>
      <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
    </Glyph>
  );
}

export function PauseIcon(props: IconProps) {
  return (
    <Glyph {...props}>
      <rect x="6" y="4.5" width="4" height="15" rx="1" fill="currentColor" />
      <rect x="14" y="4.5" width="4" height="15" rx="1" fill="currentColor" />
    </Glyph>
  );
}

export function BackIcon(props: IconProps) {
  return (
    <Glyph {...props}>
      <path d="M3 12a9 9 0 1 0 3-6.7" />
      <path d="M3 4v5h5" />
    </Glyph>
  );
}

export function ForwardIcon(props: IconProps) {
  return (
    <Glyph {...props}>
      <path d="M21 12a9 9 0 1 1-3-6.7" />
      <path d="M21 4v5h-5" />
    </Glyph>
  );
}

export function VolumeIcon({ muted, ...props }: IconProps & { muted?: boolean }) {
  return (
    <Glyph {...props}>
      <path d="M4 9v6h4l5 4V5L8 9z" />
      {muted ? (
        <path d="m17 9 5 5m0-5-5 5" />
      ) : (
        <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
      )}
    </Glyph>
  );
}
