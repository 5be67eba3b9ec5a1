export {
  ANSWER_MISMATCH_CODE,
  type ApiCall,
  type CallArgs,
  type CallOptions,
  INVALID_REQUEST_CODE,
} from "./call.ts";
export {
  type ApiClient,
  type ApiClientOptions,
  type ApiFetch,
  type ApiFetchOptions,
  createApiClient,
  requestHeaders,
} from "./client.ts";
export {
  FetchError,
  type FetchErrorInit,
  isFetchError,
  parseServerError,
  type ServerErrorFields,
} from "./fetch-error.ts";
export { CLIENT_ID_KEY, clientId, SESSION_ID_KEY, sessionId } from "./identity.ts";
export {
  ACTIVATION_TITLE_FALLBACK,
  ACTIVATION_TITLE_KEY,
  type ApiReactions,
  type ApiToast,
  type ReactOptions,
  reactToError,
} from "./reactions.ts";
