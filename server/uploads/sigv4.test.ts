import { describe, expect, it } from "vitest";
import { amzDate, authorization, sha256Hex } from "./sigv4.ts";

// AWS's published Signature Version 4 test suite, case "get-vanilla" (and its query variant):
// a request, the example key, and the signature AWS computes for them.
const KEY = {
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
  region: "us-east-1",
  service: "service",
};
const DATE = new Date("2015-08-30T12:36:00Z");

describe("AWS Signature Version 4", () => {
  it("formats the request date as X-Amz-Date does", () => {
    expect(amzDate(DATE)).toBe("20150830T123600Z");
  });

  it("signs AWS's get-vanilla request to the published signature", () => {
    const header = authorization(
      {
        method: "GET",
        url: new URL("https://example.amazonaws.com/"),
        headers: { "x-amz-date": amzDate(DATE) },
        payloadHash: sha256Hex(""),
      },
      KEY,
      DATE,
    );
    expect(header).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, " +
        "SignedHeaders=host;x-amz-date, " +
        "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
    );
  });

  it("sorts query parameters as AWS's get-vanilla-query-order-key-case expects", () => {
    const header = authorization(
      {
        method: "GET",
        url: new URL("https://example.amazonaws.com/?Param2=value2&Param1=value1"),
        headers: { "x-amz-date": amzDate(DATE) },
        payloadHash: sha256Hex(""),
      },
      KEY,
      DATE,
    );
    expect(header).toContain(
      "Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500",
    );
  });
});
