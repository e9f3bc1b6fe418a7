import type { MediaFolder } from "@shop/contracts";
import type { MediaStore } from "@shop/platform";
import sharp from "sharp";

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
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
};

/** Stores a demo cover once under a fixed name; a later start finds it and keeps it. */
export const demoImage = async (
  media: MediaStore,
  folder: MediaFolder,
  slug: string,
  title: string,
  subtitle: string,
  colourIndex: number,
): Promise<string> => {
  const url = `/media/${folder}/demo-${slug}.png`;
  if (await media.exists(url)) return url;
  return media.store(folder, `demo-${slug}.png`, await renderCover(title, subtitle, colourIndex));
};
