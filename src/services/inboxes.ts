import type { InboxModel } from "../../contract/api/inboxes.ts";
import { endpointInfo } from "../../contract/api/info.ts";
import { writeOnline } from "./online-write.ts";
import type { RuntimeServices } from "./runtime-services.ts";

/**
 * Inboxes as the settings page manages them: straight to the server (an inbox's address and
 * secret exist only once the server made them), then a pull brings the inbox subscription.
 */
type Services = Pick<RuntimeServices, "api" | "engine">;

export async function loadInboxes(services: Services): Promise<readonly InboxModel[]> {
  const { data } = await services.api.call(endpointInfo.inboxes.list, {}, { silent: true });
  return data;
}

export async function createInbox(services: Services, handle: string, title: string | null) {
  const pull = () => services.engine.pull();
  const { data } = await writeOnline(
    services.api,
    endpointInfo.inboxes.create,
    { handle, title },
    { thenRead: pull },
  );
  return data;
}

export async function deleteInbox(services: Services, handle: string) {
  const pull = () => services.engine.pull();
  await writeOnline(services.api, endpointInfo.inboxes.remove, { handle }, { thenRead: pull });
}
