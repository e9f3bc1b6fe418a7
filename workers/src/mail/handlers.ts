import { type DeliveryOtpMailJob, MailJobs, type OrderStatusMailJob } from "@shop/contracts";
import type { Job, Mailer } from "@shop/platform";
import type { OtpCipher } from "@shop/platform/crypto";
import type { Logger } from "pino";
import { renderDeliveryOtpMail } from "./deliveryOtpMail.ts";
import { renderOrderStatusMail } from "./orderStatusMail.ts";
import type { ShopInfo } from "./shopInfo.ts";

export interface MailDeps {
  mailer: Mailer;
  otp: OtpCipher;
  shop: ShopInfo;
  logger: Logger;
}

/** The `mail` queue's handler: one job name per kind of mail. */
export const createMailHandler =
  (deps: MailDeps) =>
  async (job: Job): Promise<{ messageId: string }> => {
    switch (job.name) {
      case MailJobs.deliveryOtp: {
        const data = job.data as DeliveryOtpMailJob;
        const mail = renderDeliveryOtpMail(data, deps.otp.open(data.sealedOtp), deps.shop);
        const sent = await deps.mailer.send(mail);
        // The log names the order and the event, never the code or the address.
        deps.logger.info(
          { job: job.id, orderId: data.orderId, eventId: data.eventId },
          "delivery OTP mail sent",
        );
        return sent;
      }
      case MailJobs.orderStatus: {
        const data = job.data as OrderStatusMailJob;
        // The message id is the event's, so a retry after a send that did go out is not a second mail.
        const sent = await deps.mailer.send(renderOrderStatusMail(data, deps.shop));
        deps.logger.info(
          { job: job.id, orderId: data.orderId, eventId: data.eventId, status: data.status },
          "order status mail sent",
        );
        return sent;
      }
      default:
        throw new Error(`unknown mail job ${job.name}`);
    }
  };
