import { requireSession } from "@shop/platform/http";
import { Router } from "express";

export const usersRoutes = (): Router => {
  const router = Router();
  router.get("/auth/me", (_req, res) => {
    const { tokenId: _t, expiresAt: _e, userId, ...user } = requireSession(res);
    res.json({ user: { id: userId, ...user } });
  });
  return router;
};
