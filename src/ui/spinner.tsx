/** Spinner sizes: the app's only ones. */
export type SpinnerSize = 16 | 24 | 30;

/** A spinning ring; with a label it is also announced as a status. */
export function Spinner({ size = 24, label }: { size?: SpinnerSize; label?: string }) {
  const ring = (
    <span
      aria-hidden="true"
      className="inline-block animate-spin rounded-full border-2 border-current border-t-transparent opacity-70 motion-reduce:animate-none"
      style={{ width: size, height: size }}
    />
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}
