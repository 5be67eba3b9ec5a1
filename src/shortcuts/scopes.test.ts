import { describe, expect, it } from "vitest";
import { createScopeStore } from "./scope-store.ts";
import { resolveScopes } from "./scopes.ts";

describe("shortcut scope resolution", () => {
  it("is home alone with nothing mounted", () => {
    expect(resolveScopes({ layers: [], mounted: [] })).toEqual(["home"]);
  });

  it("puts the focused area first, then the others, then home", () => {
    const mounted = ["subscription-list", "timeline", "entry-render"] as const;
    expect(resolveScopes({ layers: [], mounted })).toEqual([
      "timeline",
      "entry-render",
      "subscription-list",
      "home",
    ]);
    expect(resolveScopes({ layers: [], mounted, focused: "subscription-list" })).toEqual([
      "subscription-list",
      "timeline",
      "entry-render",
      "home",
    ]);
  });

  it("ignores focus on an area that is not mounted", () => {
    expect(resolveScopes({ layers: [], mounted: ["timeline"], focused: "entry-render" })).toEqual([
      "timeline",
      "home",
    ]);
  });

  it("gives an open modal or menu the whole keyboard", () => {
    const mounted = ["timeline"] as const;
    expect(resolveScopes({ layers: ["modal"], mounted })).toEqual(["modal"]);
    expect(resolveScopes({ layers: ["modal", "dropdown-menu"], mounted })).toEqual([
      "dropdown-menu",
    ]);
    expect(resolveScopes({ layers: ["recording"], mounted })).toEqual(["recording"]);
  });

  it("keeps global shortcuts over a sub-layer but hides the reader's areas", () => {
    expect(resolveScopes({ layers: ["sub-layer"], mounted: ["timeline"] })).toEqual([
      "sub-layer",
      "home",
    ]);
  });

  it("tracks layers and areas as components come and go", () => {
    const store = createScopeStore();
    const leaveTimeline = store.enter("timeline");
    const closeModal = store.enter("modal");
    expect(store.get()).toMatchObject({ layers: ["modal"], mounted: ["timeline"] });
    closeModal();
    const again = store.enter("timeline");
    leaveTimeline();
    expect(store.get()).toMatchObject({ layers: [], mounted: ["timeline"] });
    again();
    expect(store.get().mounted).toEqual([]);
  });

  it("drops a layer that says it is no longer active, at key time", () => {
    const store = createScopeStore();
    let open = true;
    store.enter("modal", () => open);
    expect(resolveScopes(store.current())).toEqual(["modal"]);
    open = false;
    expect(resolveScopes(store.current())).toEqual(["home"]);
  });
});
