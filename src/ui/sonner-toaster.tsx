import { useEffect } from "react";
import { Toaster } from "sonner";

/**
 * The one toast outlet. Cards are at least 320 px wide and colour-coded by type:
 * the colours live in styles.css under [data-sonner-toast][data-type=...].
 */
export default function SonnerToaster({ onMounted }: { onMounted(): void }) {
  useEffect(() => onMounted(), [onMounted]);
  return (
    <Toaster
      position="bottom-right"
      theme="system"
      closeButton
      richColors
      visibleToasts={4}
      toastOptions={{ className: "app-toast" }}
    />
  );
}
