import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";
import type { PushSender } from "../push/sender.ts";
import {
  addPushSubscription,
  listPushSubscriptions,
  removePushSubscription,
} from "../storage/push-subscriptions.ts";
import { ok, userRouter } from "./context.ts";

export function pushRoutes(auth: Auth, database: DatabaseHandle, sender: PushSender) {
  const app = userRouter(auth, database);
  const push = endpoints.push;

  route(app, push.key, () => ({ code: 0 as const, data: { publicKey: sender.publicKey } }));

  route(app, push.list, async (_input, c) => {
    const rows = await listPushSubscriptions(database, c.get("userId"));
    return {
      code: 0 as const,
      data: rows.map((row) => ({
        id: row.id,
        name: row.name,
        service: new URL(row.endpoint).host,
        createdAt: row.created_at,
      })),
    };
  });

  route(app, push.subscribe, async ({ request }, c) => {
    const added = await addPushSubscription(database, c.get("userId"), request);
    if ("taken" in added) {
      throw new ApiError(1004, "This push endpoint is registered to another account");
    }
    return { code: 0 as const, data: { id: added.id } };
  });

  route(app, push.unsubscribe, async ({ request }, c) => {
    await removePushSubscription(database, c.get("userId"), request);
    return ok;
  });

  route(app, push.test, async ({ request }, c) => {
    const sent = await sender.sendToUser(
      c.get("userId"),
      { title: "Follow", body: "Notifications work on this device.", url: "/", tag: "test" },
      request.id,
    );
    return { code: 0 as const, data: { sent } };
  });
  return app;
}
