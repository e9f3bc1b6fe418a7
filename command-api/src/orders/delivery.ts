import {
  conflict,
  type DeliveryOtpMailJob,
  DomainError,
  isStaff,
  MailJobs,
  notFound,
  OTP_MAX_TRIES,
  OTP_TTL_MS,
  OtpBody,
  Queues,
  Streams,
  Texts,
  tooMany,
} from "@shop/contracts";
import { parseBody, pathId, requireRole } from "@shop/platform/http";
import { Router } from "express";
import { handleCommand } from "../commandHandling/handleCommand.ts";
import { loadState } from "../commandHandling/loadState.ts";
import type { CommandApiDeps } from "../deps.ts";
import { actorOf, commandContext } from "../http/context.ts";
import { consume } from "../http/rateLimit.ts";
import { orderDecider } from "./decider.ts";
import { enqueueStatusMails } from "./statusMail.ts";

const HOUR = 60 * 60 * 1000;
const otpKey = (orderId: string) => `otp:${orderId}`;
const triesKey = (orderId: string) => `otp-tries:${orderId}`;

/**
 * Delivery by OTP (ARCHITECTURE §4): the code lives only as an HMAC in the secrets store (10 min,
 * one per order, a new one voids the old) and sealed in the mail job; 5 wrong tries lock it.
 */
export const deliveryRoutes = (deps: CommandApiDeps): Router => {
  const router = Router();
  const nowDate = () => deps.now?.() ?? new Date();

  router.post("/orders/:id/delivery-otp", async (req, res) => {
    const session = requireRole(res, isStaff);
    const orderId = pathId(req.params.id, Texts.orderNotFound);
    await consume(deps.secrets, `otp-send:${orderId}`, deps.rateLimits.otpSend, HOUR);
    const otp = deps.otp.generate();
    const now = nowDate();
    const expiresAt = new Date(now.getTime() + OTP_TTL_MS).toISOString();
    const { state, appended, position } = await handleCommand(
      deps.events,
      Streams.order(orderId),
      orderDecider,
      { type: "SendDeliveryOtp", data: { expiresAt, now: now.toISOString() } },
      commandContext(req, actorOf(session)),
      {
        beforeAppend: async () => {
          await deps.secrets.set(otpKey(orderId), deps.otp.digest(orderId, otp), OTP_TTL_MS);
          await deps.secrets.delete(triesKey(orderId));
        },
      },
    );
    const sent = appended[0];
    if (state.status !== "placed" || !sent || sent.type !== "DeliveryOtpSent")
      throw new Error("OTP not recorded");
    const job: DeliveryOtpMailJob = {
      orderId,
      eventId: sent.id,
      to: state.customerEmail,
      customerName: state.customerName,
      sealedOtp: deps.otp.seal(otp),
      expiresAt,
    };
    await deps.jobs.add(Queues.mail, MailJobs.deliveryOtp, job, {
      jobId: `otp-${sent.id}`,
      attempts: 5,
      backoffMs: 1000,
      removeOnComplete: true,
      removeOnFail: true,
    });
    res.status(202).json({ sentTo: sent.data.sentTo, expiresAt, position });
  });

  router.post("/orders/:id/delivery-confirmation", async (req, res) => {
    const session = requireRole(res, isStaff);
    const orderId = pathId(req.params.id, Texts.orderNotFound);
    const { otp } = parseBody(OtpBody, req.body);
    const order = await loadState(deps.events, Streams.order(orderId), orderDecider);
    if (order.status !== "placed") throw notFound(Texts.orderNotFound);
    if (order.orderStatus === 3) throw conflict(Texts.orderAlreadyDelivered);
    const tries = Number((await deps.secrets.get(triesKey(orderId))) ?? 0);
    if (tries >= OTP_MAX_TRIES) {
      throw tooMany(
        Texts.otpLocked,
        Math.ceil(((await deps.secrets.ttl(otpKey(orderId))) ?? OTP_TTL_MS) / 1000),
      );
    }
    const digest = await deps.secrets.get(otpKey(orderId));
    if (digest === null || !deps.otp.matches(orderId, otp, digest)) {
      // A wrong code appends nothing; it only counts a try.
      await deps.secrets.incr(triesKey(orderId), OTP_TTL_MS);
      throw new DomainError("unprocessable", Texts.invalidOtp);
    }
    const { state, appended, position } = await handleCommand(
      deps.events,
      Streams.order(orderId),
      orderDecider,
      { type: "ConfirmDelivery", data: { now: nowDate().toISOString() } },
      commandContext(req, actorOf(session)),
    );
    await deps.secrets.delete(otpKey(orderId));
    await deps.secrets.delete(triesKey(orderId));
    await enqueueStatusMails(deps.jobs, deps.logger, state, appended);
    res.json({ position });
  });

  return router;
};
