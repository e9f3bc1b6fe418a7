import { invalid } from "@shop/contracts";
import type { MediaStore } from "@shop/platform";

/** Records carry only URLs this server issued and still has (API.md "Images"). */
export const requireIssuedImage = async (
  media: MediaStore,
  url: string,
  path = "imageUrl",
): Promise<void> => {
  if (!(await media.exists(url))) {
    throw invalid("Use an image uploaded to this shop", [{ path, message: "Unknown image" }]);
  }
};
