export { baseNameOf, storedImageName, thumbnailNameOf } from "./images/imageName.ts";
export { loadSharp } from "./images/loadSharp.ts";
export {
  createImageHandler,
  type ImageHandlerDeps,
  ImageRefusedError,
  processImageBytes,
} from "./images/processImage.ts";
export { createMailHandler, type MailDeps } from "./mail/handlers.ts";
export { type MailThread, type MailThreadOptions, startMailThread } from "./mail/mailThreadPool.ts";
export { type MailThreadsOptions, startMailThreads } from "./mail/mailThreads.ts";
export { renderOrderStatusMail } from "./mail/orderStatusMail.ts";
export { type ShopInfo, shopInfoOf } from "./mail/shopInfo.ts";
export { followStatusMails, type StatusMailsDeps, statusMailJobId } from "./mail/statusMails.ts";
export { startWorkersService } from "./service.ts";
