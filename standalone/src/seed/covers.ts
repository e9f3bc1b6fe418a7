import { IMAGE_JOB, type MediaFolder } from "@shop/contracts";
import type { MediaStore } from "@shop/platform";
import { createImageHandler, loadSharp } from "@shop/workers";

const PALETTE = ["#1e5aa8", "#b23a48", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#5d4037", "#37474f"];

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Splits a title into lines of at most ~16 characters for the cover. */
const wrap = (title: string): string[] => {
  const lines: string[] = [];
  for (const word of title.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 16) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 5);
};

/** A generated cover (PNG) for demo data: a coloured card with the title. */
export const renderCover = async (title: string, subtitle: string, colourIndex: number): Promise<Buffer> => {
  const colour = PALETTE[colourIndex % PALETTE.length];
  const lines = wrap(title);
  const text = lines
    .map(
      (l, i) => `<text x="150" y="${150 + i * 36}" font-size="28" font-weight="bold">${escapeXml(l)}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400">
<rect width="300" height="400" fill="${colour}"/><rect x="14" y="14" width="272" height="372" fill="none" stroke="#fff" stroke-width="3"/>
<g font-family="DejaVu Sans, sans-serif" fill="#fff" text-anchor="middle">${text}
<text x="150" y="350" font-size="18">${escapeXml(subtitle)}</text></g></svg>`;
  // Fast, light compression: the image pipeline decodes and re-encodes it anyway.
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
};

/**
 * Stores a demo cover once, through the same image handler as uploads (incoming file, checks,
 * metadata stripped, thumbnail). Demo covers keep a fixed `demo-<slug>.png` name instead of a
 * stamped one, so a later start finds the URL its events already carry and adds nothing.
 */
export const demoImage = async (
  media: MediaStore,
  folder: MediaFolder,
  slug: string,
  title: string,
  subtitle: string,
  colourIndex: number,
): Promise<string> => {
  const name = `demo-${slug}.png`;
  const url = `/media/${folder}/${name}`;
  if (await media.exists(url)) return url;
  const incomingPath = await media.writeIncoming(await renderCover(title, subtitle, colourIndex));
  // Called directly rather than through the queue: seeding runs before the shop takes requests.
  const result = await createImageHandler({ media })({
    id: `demo-${folder}-${slug}`,
    name: IMAGE_JOB,
    data: { incomingPath, folder, originalName: name, fixedName: name },
    attemptsMade: 0,
  });
  if (!result.ok) throw new Error(`demo cover ${name} refused: ${result.reason}`);
  return result.url;
};
