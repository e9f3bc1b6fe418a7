import { DomainError, type ErrorKind } from "@shop/contracts";
import { expect } from "vitest";
import type { Decider } from "./decider.ts";

/** given(events).when(command).then(events) | .thenThrows(kind, detail) — emmett's DeciderSpecification. */
export const specFor =
  <C, E, S>(decider: Decider<C, E, S>) =>
  (given: E[]) => ({
    when: (command: C) => {
      const run = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState()));
      return {
        // biome-ignore lint/suspicious/noThenProperty: given/when/then is the decider specification's vocabulary
        then: (expected: E[]) => expect(run()).toEqual(expected),
        thenNothing: () => expect(run()).toEqual([]),
        thenThrows: (kind: ErrorKind, detail?: string) => {
          let thrown: unknown;
          try {
            run();
          } catch (err) {
            thrown = err;
          }
          expect(thrown).toBeInstanceOf(DomainError);
          expect((thrown as DomainError).kind).toBe(kind);
          if (detail !== undefined) expect((thrown as DomainError).message).toBe(detail);
        },
      };
    },
  });
