/**
 * Test hook: `?__throw=1` on any signed-in app route makes its loader throw, so end-to-end tests
 * can reach the route error page on demand. Harmless for users: it only shows the error page,
 * whose "Reload" without the parameter recovers.
 */
const THROW_PARAM = "__throw";
const TEST_ROUTE_ERROR_MESSAGE = "Test route error";

export function wantsTestError(search: Record<string, unknown>): boolean {
  const value = search[THROW_PARAM];
  return value === 1 || value === "1" || value === true;
}

export function throwIfTestErrorRequested(search: Record<string, unknown>): void {
  if (wantsTestError(search)) throw new Error(TEST_ROUTE_ERROR_MESSAGE);
}
