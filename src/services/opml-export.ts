import { endpointInfo } from "../../contract/api/info.ts";
import type { ApiFetch } from "../api/client.ts";

/** Downloads every subscription as an OPML file, in folders by category or by view. */
export async function downloadOpml(
  api: ApiFetch,
  folderMode: "category" | "view",
): Promise<number> {
  const { data } = await api.call(endpointInfo.subscriptions.exportOpml, { folderMode });
  const blob = new Blob([data.opml], { type: "text/x-opml;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = data.filename;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return (data.opml.match(/xmlUrl=/g) ?? []).length;
}
