import { invalid, isAdmin } from "@shop/contracts";
import type { MediaStore, SecretStore } from "@shop/platform";
import type { SessionUser } from "@shop/platform/http";
import { uploaderOf } from "../uploads/uploadOwner.ts";

/** The catalogue's folders: admins share them (any admin may use another admin's upload there). */
const CATALOGUE_FOLDER = /^\/media\/(books|schools|stationeries|promotions)\//;

/**
 * Records carry only URLs this server issued and still has (API.md "Images"), uploaded by the
 * caller (finding 8): another account's upload is refused, but for the catalogue's images, which
 * every admin works on. An image with no recorded uploader (demo data) is anyone's.
 */
export const requireIssuedImage = async (
  deps: { media: MediaStore; secrets: SecretStore },
  url: string,
  caller: Pick<SessionUser, "userId" | "accType">,
  path = "imageUrl",
): Promise<void> => {
  if (!(await deps.media.exists(url))) {
    throw invalid("Use an image uploaded to this shop", [{ path, message: "Unknown image" }]);
  }
  const uploader = await uploaderOf(deps.secrets, url);
  if (uploader === null || uploader === caller.userId) return;
  if (isAdmin(caller.accType) && CATALOGUE_FOLDER.test(url)) return;
  throw invalid("Use an image uploaded to this shop", [{ path, message: "Use an image you uploaded" }]);
};
