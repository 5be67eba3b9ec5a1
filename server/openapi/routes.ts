import { Hono } from "hono";
import { endpoints } from "../../contract/api/index.ts";
import { passThrough, route } from "../http/route.ts";
import { type OpenApiOptions, openApiDocument } from "./document.ts";
import { referencePage } from "./reference-page.ts";

/**
 * `GET /openapi.json` and `GET /docs`: public, like the table they describe (which the client
 * bundle already ships). Built once on first request; the table does not change while running.
 */
export function openApiRoutes(options: OpenApiOptions) {
  let document: Record<string, unknown> | undefined;
  let page: string | undefined;
  const built = () => {
    document ??= openApiDocument(options);
    return document;
  };

  const documentRouter = new Hono();
  route(documentRouter, endpoints.openapi.document, () => built());

  const referenceRouter = new Hono();
  passThrough(referenceRouter, endpoints.openapi.reference, async (c) => {
    page ??= referencePage(built(), `${options.basePath}${endpoints.openapi.document.path}`);
    return c.html(page);
  });
  return { documentRouter, referenceRouter };
}
