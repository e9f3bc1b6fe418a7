import { system, type World } from "./world.ts";

/** A customer signs up. */
export const registerUser = (w: World): void => {
  const userId = w.id();
  const u = {
    id: userId,
    name: `User ${w.counter()}`,
    email: `user${w.counter()}@example.com`,
    accType: 3 as const,
  };
  w.users.push(u);
  w.push(
    `user-${userId}`,
    [
      {
        type: "UserRegistered",
        data: {
          userId,
          name: u.name,
          email: u.email,
          contact: "1",
          address: "Pune",
          accType: 3,
          credentialId: w.id(),
          registeredAt: w.at(),
        },
      },
    ],
    system,
  );
};

/** A user edits the profile, or an admin changes the user's role. */
export const changeUser = (w: World): void => {
  const u = w.users.length ? w.pick(w.users) : null;
  if (!u) return;
  if (w.next() < 0.7)
    w.push(`user-${u.id}`, [
      {
        type: "UserProfileUpdated",
        data: { userId: u.id, address: `${w.counter()} Park Street`, updatedAt: w.at() },
      },
    ]);
  else {
    const to = w.pick([1, 2, 3] as const);
    w.push(`user-${u.id}`, [
      { type: "UserRoleChanged", data: { userId: u.id, from: u.accType, to, changedAt: w.at() } },
    ]);
    u.accType = to;
  }
};
