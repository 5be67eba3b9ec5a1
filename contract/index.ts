export * from "./constants.ts";
export * from "./error-body.ts";
export * from "./errors.ts";
export * from "./ids.ts";
export * from "./profiles.ts";
export * from "./routes.ts";
export * from "./session.ts";
export * from "./views.ts";
