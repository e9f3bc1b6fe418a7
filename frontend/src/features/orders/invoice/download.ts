import fontUrl from "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?url";
import type { Order } from "@shop/contracts";
import { SHOP } from "../../../config/shop.ts";
import { buildReceipt, RECEIPT_FILE } from "./receipt.ts";

let font: Promise<string> | null = null;

const toBase64 = (bytes: ArrayBuffer): string => {
  const view = new Uint8Array(bytes);
  let binary = "";
  for (let i = 0; i < view.length; i += 0x8000)
    binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary);
};

/** The TTF is fetched once, on the first receipt, as a separate asset. */
const loadFont = (): Promise<string> => {
  font ??= fetch(fontUrl)
    .then((res) => {
      if (!res.ok) throw new Error(`font ${res.status}`);
      return res.arrayBuffer();
    })
    .then(toBase64)
    .catch((e: unknown) => {
      font = null;
      throw e;
    });
  return font;
};

export const receiptBlob = async (order: Order): Promise<Blob> =>
  buildReceipt(order, SHOP, await loadFont()).output("blob");

export const downloadReceipt = async (order: Order): Promise<void> => {
  buildReceipt(order, SHOP, await loadFont()).save(RECEIPT_FILE);
};
