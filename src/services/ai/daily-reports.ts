import type { Endpoints, ResponseOf } from "../../../contract/api/index.ts";
import { endpointInfo } from "../../../contract/api/info.ts";
import type { ApiFetch } from "../../api/client.ts";
import { useServerRead } from "../server-read.ts";

export type DailyReportView = ResponseOf<Endpoints["ai"]["dailyReports"]>["data"][number];

/**
 * The user's latest daily AI reports, newest first (null `limit`: none wanted); a new
 * `revision` looks again, the last answer shown meanwhile.
 */
export function useDailyReports(api: ApiFetch | undefined, limit: number | null, revision = 0) {
  return useServerRead(api, endpointInfo.ai.dailyReports, limit === null ? null : { limit }, {
    revision,
    select: (answer): readonly DailyReportView[] => answer.data,
  });
}
