import { endpointInfo } from "../../../contract/api/info.ts";
import type { ApiFetch } from "../../api/client.ts";

/** The user's latest daily AI reports, newest first. */
export async function fetchDailyReports(api: ApiFetch, limit: number) {
  const { data } = await api.call(endpointInfo.ai.dailyReports, { limit });
  return data;
}

export type DailyReportView = Awaited<ReturnType<typeof fetchDailyReports>>[number];
