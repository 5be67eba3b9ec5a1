import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UnreadDot } from "./entry-link.tsx";

describe("unread dot", () => {
  it("marks an unread row and leaves no empty indent in a read one", () => {
    expect(renderToStaticMarkup(<UnreadDot read={false} />)).toContain("data-unread-dot");
    expect(renderToStaticMarkup(<UnreadDot read={true} />)).toBe("");
    expect(renderToStaticMarkup(<UnreadDot read={undefined} />)).toBe("");
  });
});
