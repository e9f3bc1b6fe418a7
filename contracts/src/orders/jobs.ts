/** Job payloads command-api enqueues and workers handle. */
export const Queues = { mail: "mail", images: "images" } as const;

export interface DeliveryOtpMailJob {
  orderId: string;
  /** Id of the DeliveryOtpSent event: one mail per event, however often the job runs. */
  eventId: string;
  to: string;
  customerName: string;
  /** The code sealed with the OTP cipher; it is never in clear in a queue. */
  sealedOtp: string;
  expiresAt: string;
}
