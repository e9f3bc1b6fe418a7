import { comparePositions } from "@shop/contracts";
import { create } from "zustand";

interface ReadPositionState {
  /** The highest event-store position any of this user's commands answered (ARCHITECTURE §6). */
  minPosition: string | null;
  remember: (position: string) => void;
}

export const useReadPosition = create<ReadPositionState>()((set, get) => ({
  minPosition: null,
  remember: (position) => {
    const current = get().minPosition;
    if (current === null || comparePositions(position, current) > 0) set({ minPosition: position });
  },
}));
