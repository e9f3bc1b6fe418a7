import {
  type DeliveryOtpMailJob,
  MailJobs,
  OTP_TTL_MS,
  type OtpCheck,
  Queues,
  Streams,
} from "@shop/contracts";
import type { CommandContext } from "../commandHandling/handleCommand.ts";
import { streamHandler } from "../commandHandling/streamHandler.ts";
import type { CommandApiDeps } from "../deps.ts";
import { orderDecider } from "./decider.ts";

const otpKey = (orderId: string) => `otp:${orderId}`;
const triesKey = (orderId: string) => `otp-tries:${orderId}`;

/**
 * Delivery by OTP (ARCHITECTURE §4; the rule is contracts' orders/policy.ts, applied by the order
 * decider): the code lives only as an HMAC in the secrets store, bound to one order, and sealed
 * in the mail job; it never enters the log.
 */
export const deliveryOtps = (deps: CommandApiDeps) => {
  const orders = streamHandler(deps.events, Streams.order, orderDecider);
  const now = () => deps.now?.() ?? new Date();

  /**
   * What the secrets store knows of a typed code. The try is counted first, in one atomic step
   * (like a login attempt): parallel guesses each take a number, and only the first
   * OTP_MAX_TRIES of them are ever compared with the code. `tries` is the count before this one.
   */
  const check = async (orderId: string, otp: string): Promise<OtpCheck> => {
    const counted = await deps.secrets.incr(triesKey(orderId), OTP_TTL_MS);
    const [digest, remainingMs] = await Promise.all([
      deps.secrets.get(otpKey(orderId)),
      deps.secrets.ttl(otpKey(orderId)),
    ]);
    return {
      tries: counted - 1,
      matches: digest !== null && deps.otp.matches(orderId, otp, digest),
      remainingMs,
    };
  };

  return {
    /** Mails a new code to the order's customer; the previous code and its tries are void. */
    async send(orderId: string, ctx: CommandContext) {
      const otp = deps.otp.generate();
      const { state, appended, position } = await orders.handle(
        orderId,
        { type: "SendDeliveryOtp", data: { now: now().toISOString() } },
        ctx,
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
        expiresAt: sent.data.expiresAt,
      };
      await deps.jobs.add(Queues.mail, MailJobs.deliveryOtp, job, {
        jobId: `otp-${sent.id}`,
        attempts: 5,
        backoffMs: 1000,
        removeOnComplete: true,
        removeOnFail: true,
      });
      return { sentTo: sent.data.sentTo, expiresAt: sent.data.expiresAt, position };
    },

    /**
     * Voids the order's code: called once its status went to or from Delivered. A code sent
     * before an order was delivered, or before a delivered order was re-opened, is for a delivery
     * that is over; the rider asks for a new one.
     */
    async void(orderId: string) {
      await deps.secrets.delete(otpKey(orderId));
    },

    /** Delivers the order when the code is right; every code typed counts a try, a wrong one appends nothing. */
    async confirm(orderId: string, otp: string, ctx: CommandContext) {
      const typed = await check(orderId, otp);
      const handled = await orders.handle(
        orderId,
        { type: "ConfirmDelivery", data: { now: now().toISOString(), otp: typed } },
        ctx,
      );
      await deps.secrets.delete(otpKey(orderId));
      await deps.secrets.delete(triesKey(orderId));
      return { position: handled.position };
    },
  };
};
