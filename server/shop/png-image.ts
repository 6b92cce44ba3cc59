import { crc32, deflateSync } from 'node:zlib';

/**
 * A picture of a few flat colours, written as a PNG (8-bit palette) with node's zlib: the link previews and
 * the default favicon need no image library. Pixels hold palette indexes.
 */
export class PaletteImage {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly palette: readonly string[],
  ) {
    this.pixels = new Uint8Array(width * height);
  }

  fill(x: number, y: number, width: number, height: number, colour: number): void {
    const left = Math.max(0, Math.floor(x));
    const right = Math.min(this.width, Math.floor(x + width));
    for (let row = Math.max(0, Math.floor(y)); row < Math.min(this.height, Math.floor(y + height)); row++) {
      if (right > left) this.pixels.fill(colour, row * this.width + left, row * this.width + right);
    }
  }

  png(): Buffer {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 3, 0, 0, 0], 8); // 8 bits per index, palette, deflate, no filter choice, no interlace
    const palette = Buffer.from(
      this.palette.flatMap((hex) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16))),
    );
    // Each row: filter type 0 (none), then its indexes.
    const raw = Buffer.alloc((this.width + 1) * this.height);
    for (let row = 0; row < this.height; row++) {
      raw.set(this.pixels.subarray(row * this.width, (row + 1) * this.width), row * (this.width + 1) + 1);
    }
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('PLTE', palette),
      chunk('IDAT', deflateSync(raw, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
