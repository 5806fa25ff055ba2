// Writes public/og-image.png (1200x630): the brand gradient with three soft
// discs, no text. Run with `node scripts/generate-og-image.ts` after changing it;
// the PNG is committed so the build needs nothing.
import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

const width = 1200;
const height = 630;

type Rgb = [number, number, number];
const from: Rgb = [79, 70, 229]; // indigo-600
const to: Rgb = [236, 72, 153]; // pink-500
const discs = [
  { x: 860, y: 300, r: 190, color: [255, 255, 255] as Rgb, alpha: 0.18 },
  { x: 1010, y: 180, r: 110, color: [250, 204, 21] as Rgb, alpha: 0.55 },
  { x: 730, y: 470, r: 90, color: [34, 211, 238] as Rgb, alpha: 0.5 },
  { x: 180, y: 315, r: 70, color: [255, 255, 255] as Rgb, alpha: 0.9 },
];

function pixel(x: number, y: number): Rgb {
  const t = (x / width) * 0.7 + (y / height) * 0.3;
  let rgb: Rgb = [0, 1, 2].map((i) => from[i]! + (to[i]! - from[i]!) * t) as Rgb;
  for (const disc of discs) {
    const d = Math.hypot(x - disc.x, y - disc.y);
    // One pixel of anti-aliasing on the edge.
    const coverage = Math.min(1, Math.max(0, disc.r - d + 0.5)) * disc.alpha;
    if (coverage > 0) rgb = [0, 1, 2].map((i) => rgb[i]! * (1 - coverage) + disc.color[i]! * coverage) as Rgb;
  }
  return rgb.map((v) => Math.round(v)) as Rgb;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const raw = Buffer.alloc((width * 3 + 1) * height);
for (let y = 0; y < height; y++) {
  const row = y * (width * 3 + 1);
  raw[row] = 0; // filter: none
  for (let x = 0; x < width; x++) {
    const [r, g, b] = pixel(x, y);
    raw[row + 1 + x * 3] = r;
    raw[row + 2 + x * 3] = g;
    raw[row + 3 + x * 3] = b;
  }
}

const header = Buffer.alloc(13);
header.writeUInt32BE(width, 0);
header.writeUInt32BE(height, 4);
header[8] = 8; // bit depth
header[9] = 2; // colour type: truecolour
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('../public/og-image.png', import.meta.url), png);
console.log(`og-image.png: ${width}x${height}, ${png.length} bytes`);
