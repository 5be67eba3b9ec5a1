import { WalletView } from "../power/power-page.tsx";

/** /settings/power: the wallet, with withdrawing (the ranking and operator tools are on /power). */
export function PowerSettingsPage() {
  return <WalletView place="settings" testId="settings-page-power" />;
}
