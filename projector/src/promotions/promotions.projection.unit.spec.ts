import type { DomainEvent } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { recorded } from "../testing/events.ts";
import { fold, notesFor } from "../testing/fold.ts";
import { promotionsProjection } from "./promotions.projection.ts";

const promotionId = "7c1e9a2b-3d4f-4a5b-9c6d-7e8f9a0b1c2d";
const stream = `promotion-${promotionId}`;
const created: DomainEvent = {
  type: "PromotionCreated",
  data: {
    promotionId,
    title: "Back to school",
    description: "10% off notebooks",
    imageUrl: "/media/promotions/back.png",
    redirectUrl: "/notebooks",
  },
};
const updatedWithoutRedirect: DomainEvent = {
  type: "PromotionUpdated",
  data: {
    promotionId,
    title: "Back to school 2026",
    description: "15% off",
    imageUrl: "/media/promotions/b2.png",
  },
};
const deactivated: DomainEvent = { type: "PromotionDeactivated", data: { promotionId } };
const activated: DomainEvent = { type: "PromotionActivated", data: { promotionId } };
const removed: DomainEvent = { type: "PromotionRemoved", data: { promotionId } };

describe("promotions projection", () => {
  it("creates an active promotion ordered by its creating position", () => {
    expect(fold(promotionsProjection, recorded(stream, [created], 1234))).toEqual({
      _id: promotionId,
      id: promotionId,
      title: "Back to school",
      description: "10% off notebooks",
      imageUrl: "/media/promotions/back.png",
      redirectUrl: "/notebooks",
      active: true,
      createdSeq: "00000000000000001234",
      revision: 0,
    });
  });

  it("replaces the form on update: a redirect URL left out is gone; activity and order stay", () => {
    const doc = fold(promotionsProjection, recorded(stream, [created, deactivated, updatedWithoutRedirect]));
    expect(doc).toMatchObject({
      title: "Back to school 2026",
      active: false,
      createdSeq: "00000000000000000001",
    });
    expect(doc).not.toHaveProperty("redirectUrl");
  });

  it("follows deactivation and activation", () => {
    expect(fold(promotionsProjection, recorded(stream, [created, deactivated]))?.active).toBe(false);
    expect(fold(promotionsProjection, recorded(stream, [created, deactivated, activated]))?.active).toBe(
      true,
    );
  });

  it("deletes the document on PromotionRemoved", () => {
    expect(fold(promotionsProjection, recorded(stream, [created, removed]))).toBeNull();
  });

  it("ignores changes to a promotion it never saw created", () => {
    expect(fold(promotionsProjection, recorded(stream, [deactivated]))).toBeNull();
  });

  it("tells everyone the catalogue changed", async () => {
    const notes = await notesFor(promotionsProjection, recorded(stream, [created, removed]));
    expect(notes).toEqual([
      {
        rooms: ["public"],
        event: "catalogue.updated",
        payload: { position: "2", kind: "promotion", id: promotionId },
      },
    ]);
  });
});
