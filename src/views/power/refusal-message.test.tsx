import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RefusalMessage } from "./refusal-message.tsx";

describe("a refused money action", () => {
  it("shows the catalogue's words with the code, as an alert", () => {
    const html = renderToStaticMarkup(
      <RefusalMessage refusal={{ code: 4002, message: "Insufficient balance" }} testId="tip" />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('data-code="4002"');
    expect(html).toContain("Insufficient balance");
    expect(html).toContain("4002");
  });

  it("shows nothing before a refusal", () => {
    expect(renderToStaticMarkup(<RefusalMessage refusal={null} testId="tip" />)).toBe("");
  });
});
