import { conflict, notFound, type SchoolEvent, type SchoolFields, Texts } from "@shop/contracts";
import type { z } from "zod";
import type { Decider } from "../commandHandling/decider.ts";

type Fields = z.infer<typeof SchoolFields>;

export type SchoolState =
  | { status: "none" }
  | ({ status: "registered"; schoolId: string } & Fields)
  | { status: "removed"; schoolId: string };

export type SchoolCommand =
  | { type: "RegisterSchool"; data: Fields & { schoolId: string } }
  | { type: "UpdateSchool"; data: Fields & { schoolId: string } }
  | { type: "RemoveSchool"; data: { schoolId: string } };

export const schoolDecider: Decider<SchoolCommand, SchoolEvent, SchoolState> = {
  initialState: () => ({ status: "none" }),
  evolve(_state, event) {
    switch (event.type) {
      case "SchoolRegistered":
      case "SchoolUpdated":
        return { status: "registered", ...event.data };
      case "SchoolRemoved":
        return { status: "removed", schoolId: event.data.schoolId };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case "RegisterSchool":
        if (state.status !== "none") throw conflict("School already exists");
        return [{ type: "SchoolRegistered", data: command.data }];
      case "UpdateSchool":
        if (state.status !== "registered") throw notFound(Texts.noSchoolFound);
        return [{ type: "SchoolUpdated", data: command.data }];
      case "RemoveSchool":
        if (state.status !== "registered") throw notFound(Texts.noSchoolFound);
        return [{ type: "SchoolRemoved", data: command.data }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
