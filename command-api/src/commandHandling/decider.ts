/** A decider per stream (emmett's shape): pure; time, ids and lookups arrive in the command. */
export interface Decider<C, E, S> {
  initialState(): S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S): E[];
}
