import type { World } from "./world.ts";

/** A school is registered, or an existing one updated or (now and then) removed. */
export const schoolStep = (w: World): void => {
  const schoolId = w.id();
  const fields = {
    name: `School ${w.counter()}`,
    imageUrl: "/media/schools/s.png",
    location: "Camp",
    area: "Kothrud",
    district: "Pune",
    state: "Maharashtra",
    pincode: 411038,
    board: "CBSE",
    medium: "English",
  };
  if (w.schools.length && w.next() < 0.3) {
    const s = w.pick(w.schools);
    if (w.next() < 0.2) {
      w.push(`school-${s}`, [{ type: "SchoolRemoved", data: { schoolId: s } }]);
      w.schools.splice(w.schools.indexOf(s), 1);
    } else w.push(`school-${s}`, [{ type: "SchoolUpdated", data: { schoolId: s, ...fields } }]);
    return;
  }
  w.schools.push(schoolId);
  w.push(`school-${schoolId}`, [{ type: "SchoolRegistered", data: { schoolId, ...fields } }]);
};
