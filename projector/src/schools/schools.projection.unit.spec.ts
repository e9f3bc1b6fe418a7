import type { DomainEvent } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { recorded } from "../testing/events.ts";
import { fold, notesFor } from "../testing/fold.ts";
import { schoolsProjection } from "./schools.projection.ts";

const schoolId = "0b6c0f8e-1d2a-4c3b-8e4f-5a6b7c8d9e0f";
const fields = {
  name: "Delhi Public School Pune",
  imageUrl: "/media/schools/dps.png",
  location: "Mahammadwadi",
  area: "Hadapsar",
  district: "Pune",
  state: "Maharashtra",
  pincode: 411060,
  board: "CBSE",
  medium: "English",
};
const registered: DomainEvent = { type: "SchoolRegistered", data: { schoolId, ...fields } };
const updated: DomainEvent = { type: "SchoolUpdated", data: { schoolId, ...fields, medium: "Marathi" } };
const removed: DomainEvent = { type: "SchoolRemoved", data: { schoolId } };
const stream = `school-${schoolId}`;

describe("schools projection", () => {
  it("builds the School from SchoolRegistered", () => {
    expect(fold(schoolsProjection, recorded(stream, [registered]))).toEqual({
      _id: schoolId,
      id: schoolId,
      ...fields,
      revision: 0,
    });
  });

  it("replaces the fields on SchoolUpdated", () => {
    expect(fold(schoolsProjection, recorded(stream, [registered, updated]))).toMatchObject({
      medium: "Marathi",
      revision: 1,
    });
  });

  it("deletes the document on SchoolRemoved", () => {
    expect(fold(schoolsProjection, recorded(stream, [registered, updated, removed]))).toBeNull();
  });

  it("tells everyone the catalogue changed, with the position", async () => {
    const notes = await notesFor(schoolsProjection, recorded(stream, [registered, updated], 40));
    expect(notes).toEqual([
      {
        rooms: ["public"],
        event: "catalogue.updated",
        payload: { position: "41", kind: "school", id: schoolId },
      },
    ]);
  });
});
