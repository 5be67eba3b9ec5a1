/** The server error catalogue: every code with its message. */
export const ERROR_MESSAGES = {
  1: "Previous operation is not completed",
  3: "Unprocessable content",
  1000: "Unauthorized",
  1001: "create session failed",
  1002: "Invalid parameter",
  1003: "Invalid invitation",
  1004: "No permission",
  1005: "Internal error",
  1006: "Email not verified",
  1007: "Captcha verification failed",
  1100: "Trial user max feed subscription exceeded",
  1101: "Trial user max list subscription exceeded",
  1102: "Trial user max inbox subscription exceeded",
  1103: "Trial user no permission",
  2000: "Only admins can refresh feeds",
  2001: "Feed not found",
  2002: "feedId or url required",
  2003: "Feed fetch error",
  2004: "Feed failed to parse",
  2010: "Ownership challenge failed",
  2011: "Subscription limit exceeded",
  3000: "Entry not found",
  4000: "Already claimed",
  4001: "User wallet error",
  4002: "Insufficient balance",
  4003: "Feed insufficient withdrawable balance",
  4004: "Target user wallet error",
  4005: "Daily power calculation in progress",
  4006: "Invalid boost amount",
  4007: "Invalid two factor code",
  4008: "Two factor code required",
  4010: "Airdrop not eligible",
  4011: "Airdrop is sending",
  4012: "Airdrop already sent",
  4013: "Airdrop not verified",
  5000: "Invitation limit exceeded, try again in a few days",
  5001: "Invitation already exists",
  5002: "Invitation code already used",
  5003: "Invitation code does not exist",
  6000: "User not found",
  7000: "Setting not found",
  7001: "Invalid setting tab",
  7002: "Invalid setting payload",
  7003: "Setting payload too large",
  8000: "List not found",
  8001: "List permission denied",
  8002: "List limit exceeded",
  8003: "Feed already added to list",
  8004: "Cannot delete a list with subscriptions",
  9000: "Achievement not completed",
  9001: "Achievement already received",
  9002: "Achievement under audit",
  9003: "Achievement audit not needed",
  10000: "Inbox not found",
  10001: "Inbox already exists",
  10002: "Inbox limit exceeded",
  10003: "Inbox permission denied",
  12000: "Action limit exceeded",
  13000: "Feed-route not found",
  13001: "Not the owner of the instance",
  13002: "Instance is in use",
  13003: "Not found",
  13004: "User limit exceeded",
  13005: "Purchase not found",
  13006: "Config invalid",
  13007: "Instance unavailable",
  14000: "Invalid file",
  14001: "File too large",
  14002: "Upload failed",
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES).map(Number) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "number" && Object.hasOwn(ERROR_MESSAGES, value);
}

/** The HTTP status the server answers each code with (anything unlisted is a 400). */
const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  1: 409,
  3: 422,
  1000: 401,
  1001: 500,
  1003: 400,
  1004: 403,
  1005: 500,
  1006: 403,
  1100: 403,
  1101: 403,
  1102: 403,
  1103: 403,
  2000: 403,
  2001: 404,
  2003: 422,
  2004: 422,
  3000: 404,
  6000: 404,
  7000: 404,
  7003: 413,
  8000: 404,
  8001: 403,
  10000: 404,
  10003: 403,
  12000: 429,
  13000: 404,
  13003: 404,
  14001: 413,
};

export function httpStatusFor(code: ErrorCode): number {
  return STATUS_BY_CODE[code] ?? 400;
}

/** The body of every error answer: `{code, message, reason}` (schema in error-body.ts). */
export interface ErrorBody {
  readonly code: number;
  readonly message: string;
  readonly reason?: string | null | undefined;
}

export function errorBody(code: ErrorCode, reason?: string | null): ErrorBody {
  return { code, message: ERROR_MESSAGES[code], reason: reason ?? null };
}

/** Client reactions keyed by code. */
export const SILENT_ERROR_CODES: readonly number[] = [4007, 4008];
export const INVITATION_REQUIRED_CODE = 1003;
export function isActivationCode(code: number): boolean {
  return String(code).startsWith("11");
}
