import type { SchoolEvent } from "@shop/contracts";
import { describe, it } from "vitest";
import { specFor } from "../commandHandling/specification.ts";
import { schoolDecider } from "./decider.ts";

const given = specFor(schoolDecider);
const schoolId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const fields = {
  name: "Delhi Public School",
  imageUrl: "/media/schools/dps.png",
  location: "Sector 45",
  area: "Gurugram",
  district: "Gurugram",
  state: "Haryana",
  pincode: 122003,
  board: "CBSE",
  medium: "English",
};
const registered: SchoolEvent = { type: "SchoolRegistered", data: { ...fields, schoolId } };

describe("school decider", () => {
  it("registers a school", () =>
    given([])
      .when({ type: "RegisterSchool", data: { ...fields, schoolId } })
      .then([registered]));
  it("updates a registered school", () =>
    given([registered])
      .when({ type: "UpdateSchool", data: { ...fields, schoolId, medium: "Hindi" } })
      .then([{ type: "SchoolUpdated", data: { ...fields, schoolId, medium: "Hindi" } }]));
  it("answers No school found! for a removed school", () =>
    given([registered, { type: "SchoolRemoved", data: { schoolId } }])
      .when({ type: "RemoveSchool", data: { schoolId } })
      .thenThrows("not_found", "No school found!"));
});
