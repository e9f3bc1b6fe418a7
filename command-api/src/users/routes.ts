import { randomUUID } from "node:crypto";
import {
  AccType,
  DomainError,
  forbidden,
  isAdmin,
  LoginBody,
  losesRooms,
  ProfileBody,
  RoleBody,
  rooms,
  SignupBody,
  Streams,
  systemActor,
  Texts,
  unauthenticated,
  userOf,
} from "@shop/contracts";
import { createPasswordHasher, userIdForEmail } from "@shop/platform";
import {
  issueSession,
  loadUserState,
  parseBody,
  pathId,
  requireRole,
  requireSession,
  revokedKey,
} from "@shop/platform/http";
import { Router } from "express";
import { streamHandler } from "../commandHandling/streamHandler.ts";
import { type CommandApiDeps, isoClock } from "../deps.ts";
import { clientNetwork } from "../http/clientNetwork.ts";
import { actorOf, commandContext } from "../http/context.ts";
import { clearSessionCookie, deviceCookieOf, setDeviceCookie, setSessionCookie } from "../http/cookies.ts";
import { withLock } from "../http/lock.ts";
import { consume, countFailure, refuseOverFailures } from "../http/rateLimit.ts";
import { userDecider } from "./decider.ts";

const HOUR = 60 * 60 * 1000;
/** One account's failed-login ceiling, in per-address limits (RATE_LIMIT_LOGIN × this, per 15 minutes). */
const LOGIN_ACCOUNT_FACTOR = 5;
/** One address's failed logins across every e-mail, in per-address limits (ten accounts' worth). */
const LOGIN_ADDRESS_FACTOR = 10;

export const usersRoutes = (deps: CommandApiDeps): Router => {
  const router = Router();
  const now = isoClock(deps);
  const users = streamHandler(deps.events, Streams.user, userDecider);
  const hasher = deps.hasher ?? createPasswordHasher();

  router.post("/auth/signup", async (req, res) => {
    await consume(deps.secrets, `signup:${clientNetwork(req)}`, deps.rateLimits.signup, HOUR);
    const body = parseBody(SignupBody, req.body);
    const userId = userIdForEmail(body.email);
    // The hash goes to the credential store first, under a fresh id the event points at: a lost
    // race for the e-mail leaves only an unreferenced credential, never a changed password.
    const credentialId = randomUUID();
    await deps.credentials.put(credentialId, await hasher.hash(body.password));
    const { password: _password, ...profile } = body;
    const { state, position } = await users.handle(
      userId,
      {
        type: "RegisterUser",
        data: { userId, ...profile, accType: AccType.CUSTOMER, credentialId, now: now() },
      },
      commandContext(req, systemActor("signup")),
    );
    if (state.status !== "registered") throw new Error("registration did not register");
    const session = await issueSession(deps, userId);
    setSessionCookie(req, res, session.token, session.expiresAt, deps.cookieSecure);
    setDeviceCookie(req, res, deps.devices.issue(body.email.trim().toLowerCase()), deps.cookieSecure);
    res.status(201).json({ user: userOf(state), token: session.token, position });
  });

  router.post("/auth/login", async (req, res) => {
    const body = parseBody(LoginBody, req.body);
    const email = body.email.trim().toLowerCase();
    const window = 15 * 60 * 1000;
    // A browser this account signed in on before (its device cookie, bound to this e-mail) counts
    // its own tries only: guesses from elsewhere, which exhaust the account's ceiling below, do not
    // lock its owner out. A forged, altered or another account's cookie is an unknown browser's.
    const cookie = deviceCookieOf(req);
    const device = cookie === null ? null : deps.devices.verify(cookie, email);
    // An unknown browser's address has a ceiling of failed logins across every e-mail: a new
    // e-mail each time (never counted per e-mail) would otherwise buy a password hash per try
    // without end, and keep the hashing pool full for everyone. A success does not clear it (an
    // attacker would sign in to an account of their own between guesses); a browser its account
    // knows is not held by it, so a shared address (a school's NAT) still lets its owners in.
    const perAddress = device ? null : `login-address:${clientNetwork(req)}`;
    if (perAddress)
      await refuseOverFailures(deps.secrets, perAddress, deps.rateLimits.login * LOGIN_ADDRESS_FACTOR);
    const perClient = device ? `login-device:${device}` : `login:${clientNetwork(req)}:${email}`;
    // And, for a browser the account does not know, per account across every address (an IPv6
    // /64, rotating proxies): a few addresses' worth of guesses, then the account waits out the
    // window for every such browser. A success clears both.
    const perAccount = device ? null : `login-account:${email}`;
    // Sign-ins that succeed are counted too, per account (the per-account ceiling; a success clears none):
    // each costs a password hash, and one account signing in to itself with its own device cookie
    // (the lane served first) held the hashing pool for everyone. A key already at its limit is
    // refused here, before the pool, so its requests take no place there.
    const signIns = `logins:${email}`;
    const accountLimit = deps.rateLimits.login * LOGIN_ACCOUNT_FACTOR;
    await refuseOverFailures(deps.secrets, signIns, accountLimit);
    await refuseOverFailures(deps.secrets, perClient, deps.rateLimits.login);
    if (perAccount) await refuseOverFailures(deps.secrets, perAccount, accountLimit);
    const state = await loadUserState(deps.events, userIdForEmail(body.email));
    const hash = state.status === "registered" ? await deps.credentials.get(state.credentialId) : null;
    // An unknown e-mail is checked against a dummy hash: the same work, the same time. The tries
    // are counted once the check has its place in the hashing pool, in one atomic step each:
    // parallel guesses each take a number and only the first `login` of them are checked, and a
    // refusal for a full pool (503) takes none of the account's tries.
    const ok = await hasher.verify(
      body.password,
      hash,
      async () => {
        // Sign-ins that reached the limit while this one waited: refused at its place, unhashed.
        await refuseOverFailures(deps.secrets, signIns, accountLimit);
        await consume(deps.secrets, perClient, deps.rateLimits.login, window);
        if (perAccount) await consume(deps.secrets, perAccount, accountLimit, window);
      },
      device ? "known" : "other",
    );
    if (!ok || state.status !== "registered") {
      if (perAddress) await countFailure(deps.secrets, perAddress, window);
      throw unauthenticated(Texts.badCredentials);
    }
    await consume(deps.secrets, signIns, accountLimit, window);
    await Promise.all([perClient, perAccount].map((key) => key && deps.secrets.delete(`rate:${key}`)));
    const session = await issueSession(deps, state.userId);
    setSessionCookie(req, res, session.token, session.expiresAt, deps.cookieSecure);
    setDeviceCookie(req, res, deps.devices.issue(email), deps.cookieSecure);
    res.status(200).json({ user: userOf(state), token: session.token });
  });

  router.post("/auth/logout", async (req, res) => {
    const session = requireSession(res);
    const ttlMs = Math.max(1000, session.expiresAt * 1000 - Date.now());
    await deps.secrets.set(revokedKey(session.tokenId), "1", ttlMs);
    deps.live.disconnectSockets([rooms.session(session.tokenId)]);
    clearSessionCookie(req, res, deps.cookieSecure);
    res.status(204).end();
  });

  router.patch("/profile", async (req, res) => {
    const session = requireSession(res);
    // Each save is an event kept for good (RATE_LIMIT_PROFILE an hour).
    await consume(deps.secrets, `profile:${session.userId}`, deps.rateLimits.profile, HOUR);
    const body = parseBody(ProfileBody, req.body);
    const { state, position } = await users.handle(
      session.userId,
      { type: "UpdateProfile", data: { ...body, now: now() } },
      commandContext(req, actorOf(session)),
    );
    if (state.status !== "registered") throw new DomainError("not_found", Texts.userNotFound);
    res.json({ user: userOf(state), position });
  });

  router.put("/users/:id/role", async (req, res) => {
    const session = requireRole(res, isAdmin);
    const userId = pathId(req.params.id, Texts.userNotFound);
    const body = parseBody(RoleBody, req.body);
    // One role change at a time (on every instance), each by someone the log shows an admin at
    // that moment: two admins demoting each other at once would otherwise both have passed the
    // session's check, made at their requests' start, and left the shop without one.
    const { position, appended } = await withLock(deps.secrets, "roles", async () => {
      const actor = await loadUserState(deps.events, session.userId);
      if (actor.status !== "registered" || !isAdmin(actor.accType)) throw forbidden(Texts.forbidden);
      return users.handle(
        userId,
        { type: "ChangeRole", data: { to: body.accType, by: session.userId, now: now() } },
        commandContext(req, actorOf(session)),
      );
    });
    // A demoted user's open sockets (on every instance) may have joined orders as staff: they
    // are closed, and the reconnect's handshake reads the new role.
    const demoted = appended.some((e) => e.type === "UserRoleChanged" && losesRooms(e.data.from, e.data.to));
    if (demoted) deps.live.disconnectSockets([rooms.user(userId)]);
    res.json({ position });
  });

  return router;
};
