import { Schema } from "effect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defineEvent, eventDecoder, formerVersion, storedName } from "./event-definition.ts";

const renamedV2 = defineEvent(
  "ThingRenamed",
  2,
  Schema.Struct({ thingId: Schema.String, title: Schema.String }),
  () => [],
);
const renamedV1 = formerVersion(
  renamedV2,
  1,
  Schema.Struct({ id: Schema.String, name: Schema.String }),
  (old) => ({ thingId: old.id, title: old.name }),
);
const decode = eventDecoder([renamedV2 as never], [renamedV1 as never]);

afterEach(() => vi.restoreAllMocks());

describe("stored events", () => {
  it("keep the bare name for version 1 and add the version after", () => {
    expect(storedName("ThingRenamed", 1)).toBe("ThingRenamed");
    expect(storedName("ThingRenamed", 2)).toBe("ThingRenamed.v2");
  });

  it("decode the current version and upgrade a former one to it", () => {
    expect(decode("ThingRenamed.v2", { thingId: "t", title: "New" })).toEqual({
      name: "ThingRenamed",
      data: { thingId: "t", title: "New" },
    });
    expect(decode("ThingRenamed", { id: "t", name: "Old" })).toEqual({
      name: "ThingRenamed",
      data: { thingId: "t", title: "Old" },
    });
  });

  it("leave out unknown names and data their Schema refuses", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(decode("ThingDeleted", { thingId: "t" })).toBeUndefined();
    expect(decode("ThingRenamed.v2", { thingId: 1 })).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
