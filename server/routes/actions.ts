import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { route } from "../http/route.ts";
import { applyRulesToRecent } from "../jobs/apply-actions.ts";
import { getRules, putRules } from "../storage/actions.ts";
import { ok, userRouter } from "./context.ts";

export function actionRoutes(auth: Auth, database: DatabaseHandle) {
  const app = userRouter(auth, database);
  const actions = endpoints.actions;

  route(app, actions.get, async (_input, c) => ({
    code: 0 as const,
    data: { rules: await getRules(database, c.get("userId")) },
  }));

  route(app, actions.put, async ({ request }, c) => {
    await putRules(database, c.get("userId"), request.rules);
    return ok;
  });

  route(app, actions.apply, async ({ request }, c) => {
    const matched = await applyRulesToRecent(database, c.get("userId"), request.days ?? 7);
    return { code: 0 as const, data: { matched } };
  });
  return app;
}
