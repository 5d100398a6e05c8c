import sharp, { type Exif } from 'sharp';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError, type ErrorKind } from '../../contract/errors';
import { IMAGE_MESSAGES, isHeic, processImage, sniffImageKind } from './process-image';

// All fixtures are generated here with sharp (or by hand, byte by byte); no binary files are committed.

const SECRETS = {
  description: 'SECRET-DESCRIPTION-7f3a',
  artist: 'SECRET-ARTIST-Jane-Doe',
  copyright: 'SECRET-COPYRIGHT-91c2',
  camera: 'SECRET-CAMERA-MODEL-X',
  mapDatum: 'SECRET-GPS-DATUM-WGS84',
  gpsDate: '2019:07:14',
  userComment: 'SECRET-USER-COMMENT-55',
  xmp: 'SECRET-XMP-CREATOR-e4d1',
  iptc: 'SECRET-IPTC-CAPTION-0b9e',
  jpegComment: 'SECRET-JPEG-COMMENT-a1a1',
  pngText: 'SECRET-PNG-TEXT-CHUNK-c3c3',
};

const XMP_PACKET =
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  `<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="${SECRETS.xmp}"/>` +
  '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>';

const EXIF_WITH_GPS: Exif = {
  IFD0: {
    ImageDescription: SECRETS.description,
    Artist: SECRETS.artist,
    Copyright: SECRETS.copyright,
    Model: SECRETS.camera,
  },
  IFD2: { UserComment: SECRETS.userComment },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '52/1 31/1 1234/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '13/1 24/1 4321/100',
    GPSMapDatum: SECRETS.mapDatum,
    GPSDateStamp: SECRETS.gpsDate,
  },
};

/** A small image with some detail (so JPEG data is not trivially short). */
function gradient(width: number, height: number, channels: 3 | 4 = 3) {
  const raw = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = (x * y) % 256;
      if (channels === 4) raw[i + 3] = 128;
    }
  }
  return sharp(raw, { raw: { width, height, channels } });
}

/** Pseudo-random pixels: JPEG data that is long and incompressible, good for truncation tests. */
function noise(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    raw[i] = seed >>> 24;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** Inserts JPEG marker segments right after SOI. */
function insertJpegSegments(jpeg: Buffer, segments: { marker: number; payload: Buffer }[]): Buffer {
  const parts = segments.map(({ marker, payload }) => {
    const head = Buffer.alloc(4);
    head[0] = 0xff;
    head[1] = marker;
    head.writeUInt16BE(payload.length + 2, 2);
    return Buffer.concat([head, payload]);
  });
  return Buffer.concat([jpeg.subarray(0, 2), ...parts, jpeg.subarray(2)]);
}

/** An APP13 "Photoshop 3.0" payload holding an IPTC caption (dataset 2:120). */
function iptcPayload(caption: string): Buffer {
  const text = Buffer.from(caption, 'latin1');
  const record = Buffer.concat([Buffer.from([0x1c, 0x02, 0x78, text.length >> 8, text.length & 0xff]), text]);
  const padded = record.length % 2 ? Buffer.concat([record, Buffer.alloc(1)]) : record;
  const size = Buffer.alloc(4);
  size.writeUInt32BE(record.length);
  return Buffer.concat([
    Buffer.from('Photoshop 3.0\0', 'latin1'),
    Buffer.from('8BIM', 'latin1'),
    Buffer.from([0x04, 0x04, 0x00, 0x00]), // resource 0x0404 (IPTC), empty name
    size,
    padded,
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Inserts PNG chunks right after IHDR (signature 8 bytes + IHDR chunk 25 bytes). */
function insertPngChunks(png: Buffer, chunks: Buffer[]): Buffer {
  return Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);
}

/** A hand-made PNG whose header claims huge dimensions but whose data is a few bytes (a "bomb" header). */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real greyscale PNG of `width` x `height` black pixels: every row is there, deflated to almost nothing. */
function pngWithRows(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc((width + 1) * height), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function expectRefused(input: Promise<unknown>, kind: ErrorKind, message: string) {
  const err = await input.then(
    () => {
      throw new Error('expected the image to be refused');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect(err).toMatchObject({ kind, message });
}

const MSG = {
  bytes: 'The image is larger than 10 MB.',
  type: 'Only JPEG and PNG images are accepted.',
  pixels: 'The image is larger than 40 megapixels.',
  unreadable: 'The image could not be read. Please choose another JPEG or PNG file.',
  side: 'The image is wider or taller than 12,000 pixels.',
  thin: 'The image is too long and narrow: its long side may be at most 25 times its short side.',
};

function includesText(haystack: Buffer, needle: string) {
  return haystack.includes(Buffer.from(needle, 'latin1')) || haystack.includes(Buffer.from(needle, 'utf16le'));
}

describe('processImage: accepted images', () => {
  it('re-encodes a JPEG and reports its type and size', async () => {
    const input = await gradient(320, 200).jpeg({ quality: 95 }).toBuffer();
    const out = await processImage(input);
    expect(out).toMatchObject({ contentType: 'image/jpeg', ext: 'jpg', width: 320, height: 200 });
    expect(sniffImageKind(out.body)).toBe('jpeg');
    const meta = await sharp(out.body).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 200 });
  });

  it('re-encodes a PNG, keeping PNG and its alpha channel', async () => {
    const input = await gradient(64, 48, 4).png().toBuffer();
    const out = await processImage(input);
    expect(out).toMatchObject({ contentType: 'image/png', ext: 'png', width: 64, height: 48 });
    expect(sniffImageKind(out.body)).toBe('png');
    const meta = await sharp(out.body).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 64, height: 48, hasAlpha: true });
  });

  it('strips EXIF (with GPS), XMP, IPTC, comments and ICC from a JPEG', async () => {
    const tagged = await gradient(200, 150).jpeg().withExif(EXIF_WITH_GPS).withXmp(XMP_PACKET).withIccProfile('p3').toBuffer();
    const input = insertJpegSegments(tagged, [
      { marker: 0xfe, payload: Buffer.from(SECRETS.jpegComment, 'latin1') }, // COM
      { marker: 0xed, payload: iptcPayload(SECRETS.iptc) }, // APP13 IPTC
    ]);

    // The fixture really carries all of it.
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();
    expect(before.iptc).toBeDefined();
    expect(before.icc).toBeDefined();
    for (const secret of [
      SECRETS.description,
      SECRETS.artist,
      SECRETS.copyright,
      SECRETS.camera,
      SECRETS.mapDatum,
      SECRETS.gpsDate,
      SECRETS.xmp,
      SECRETS.iptc,
      SECRETS.jpegComment,
    ]) {
      expect(includesText(input, secret), secret).toBe(true);
    }

    const out = await processImage(input);
    const after = await sharp(out.body).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.hasProfile).toBe(false);
    expect(after.orientation).toBeUndefined();
    for (const secret of Object.values(SECRETS)) {
      expect(includesText(out.body, secret), secret).toBe(false);
    }
    // No APP1 (Exif/XMP), APP13 (IPTC) or COM segment, and no Exif header anywhere.
    expect(out.body.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(out.body.includes(Buffer.from('http://ns.adobe.com/xap/1.0/', 'latin1'))).toBe(false);
    expect(out.body.includes(Buffer.from('Photoshop 3.0', 'latin1'))).toBe(false);
  });

  it('strips EXIF, XMP, text chunks and ICC from a PNG', async () => {
    const tagged = await gradient(120, 80)
      .png()
      .withMetadata({ density: 300 })
      .withExif(EXIF_WITH_GPS)
      .withXmp(XMP_PACKET)
      .withIccProfile('p3')
      .toBuffer();
    const input = insertPngChunks(tagged, [
      pngChunk('tEXt', Buffer.from(`Comment\0${SECRETS.pngText}`, 'latin1')),
      pngChunk('iTXt', Buffer.from(`Description\0\0\0\0\0${SECRETS.description}`, 'latin1')),
    ]);

    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();
    expect(before.comments?.map((c) => c.text)).toContain(SECRETS.pngText);
    expect(includesText(input, SECRETS.mapDatum)).toBe(true);
    expect(includesText(input, SECRETS.pngText)).toBe(true);

    const out = await processImage(input);
    expect(out).toMatchObject({ contentType: 'image/png', ext: 'png', width: 120, height: 80 });
    const after = await sharp(out.body).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.comments ?? []).toEqual([]);
    for (const secret of Object.values(SECRETS)) {
      expect(includesText(out.body, secret), secret).toBe(false);
    }
    for (const chunk of ['eXIf', 'tEXt', 'iTXt', 'zTXt', 'iCCP']) {
      expect(out.body.includes(Buffer.from(chunk, 'latin1')), chunk).toBe(false);
    }
  });

  it('turns a JPEG with EXIF orientation 6 upright (width and height swapped)', async () => {
    // Stored 60x40: left half red, right half blue. Orientation 6 = rotate 90° clockwise to display,
    // so upright it is 40x60 with red on top and blue below.
    const left = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const input = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#0000ff' } })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const out = await processImage(input);
    expect(out.width).toBe(40);
    expect(out.height).toBe(60);
    const meta = await sharp(out.body).metadata();
    expect(meta).toMatchObject({ width: 40, height: 60 });
    expect(meta.orientation).toBeUndefined();

    const { data, info } = await sharp(out.body).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    const [tr, , tb] = pixel(20, 10);
    const [br, , bb] = pixel(20, 50);
    expect(tr).toBeGreaterThan(200);
    expect(tb).toBeLessThan(60);
    expect(br).toBeLessThan(60);
    expect(bb).toBeGreaterThan(200);
  });

  it('turns a PNG with EXIF orientation 6 upright too', async () => {
    const input = await gradient(60, 40).png().withMetadata({ orientation: 6 }).toBuffer();
    const out = await processImage(input);
    expect(out).toMatchObject({ width: 40, height: 60, ext: 'png' });
    expect((await sharp(out.body).metadata()).orientation).toBeUndefined();
  });

  it('accepts an image right at the pixel limit given', async () => {
    const input = await gradient(100, 50).png().toBuffer();
    const out = await processImage(input, { maxBytes: 10 * 1024 * 1024, maxPixels: 5000 });
    expect(out).toMatchObject({ width: 100, height: 50 });
  });
});

describe('processImage: refused files', () => {
  it('refuses a text file renamed .png', async () => {
    await expectRefused(processImage(Buffer.from('Dear diary,\nthis is not a picture.\n')), 'UNSUPPORTED_MEDIA', MSG.type);
  });

  it('refuses an SVG (with or without an XML declaration)', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await expectRefused(processImage(Buffer.from(svg)), 'UNSUPPORTED_MEDIA', MSG.type);
    await expectRefused(processImage(Buffer.from(`<?xml version="1.0"?>\n${svg}`)), 'UNSUPPORTED_MEDIA', MSG.type);
  });

  it('refuses a GIF', async () => {
    const gif = await gradient(20, 20).gif().toBuffer();
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    await expectRefused(processImage(gif), 'UNSUPPORTED_MEDIA', MSG.type);
  });

  it('refuses a WebP', async () => {
    const webp = await gradient(20, 20).webp().toBuffer();
    await expectRefused(processImage(webp), 'UNSUPPORTED_MEDIA', MSG.type);
  });

  it('refuses HTML', async () => {
    const html = '<!doctype html><html><body><img src=x onerror=alert(1)></body></html>';
    await expectRefused(processImage(Buffer.from(html)), 'UNSUPPORTED_MEDIA', MSG.type);
  });

  it('refuses an empty file', async () => {
    await expectRefused(processImage(Buffer.alloc(0)), 'UNSUPPORTED_MEDIA', MSG.type);
  });

  it('refuses a truncated JPEG whose header is intact', async () => {
    const full = await noise(400, 300).jpeg({ quality: 90 }).toBuffer();
    const truncated = full.subarray(0, Math.floor(full.length * 0.6));
    // The header still reads, so this exercises the decode step, not just the metadata step.
    expect((await sharp(truncated).metadata()).width).toBe(400);
    await expectRefused(processImage(truncated), 'BAD_INPUT', MSG.unreadable);
  });

  it('refuses a JPEG cut off inside its header', async () => {
    const full = await gradient(40, 40).jpeg().toBuffer();
    await expectRefused(processImage(full.subarray(0, 40)), 'BAD_INPUT', MSG.unreadable);
  });

  it('refuses a truncated PNG', async () => {
    const full = await noise(200, 200).png().toBuffer();
    await expectRefused(processImage(full.subarray(0, Math.floor(full.length / 2))), 'BAD_INPUT', MSG.unreadable);
  });

  it('refuses JPEG or PNG magic bytes followed by garbage', async () => {
    const garbage = Buffer.from('this is definitely not image data '.repeat(20));
    await expectRefused(processImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), garbage])), 'BAD_INPUT', MSG.unreadable);
    await expectRefused(
      processImage(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), garbage])),
      'BAD_INPUT',
      MSG.unreadable,
    );
  });

  it('refuses an image over 40 megapixels (8000x5001 PNG)', async () => {
    const big = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#6a8caf' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(big.length).toBeLessThan(10 * 1024 * 1024);
    const started = performance.now();
    await expectRefused(processImage(big), 'TOO_LARGE', MSG.pixels);
    // Refused from the header, without decoding 40 million pixels.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses an image over 40 megapixels (8000x5001 JPEG)', async () => {
    const big = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#6a8caf' } })
      .jpeg({ quality: 50 })
      .toBuffer();
    await expectRefused(processImage(big), 'TOO_LARGE', MSG.pixels);
  });

  it('refuses a decompression bomb: a tiny PNG whose header claims 100000x100000', async () => {
    const bomb = pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200);
    await expectRefused(processImage(bomb), 'TOO_LARGE', MSG.pixels);
  });

  // Issue #23: a 39 KB PNG of 39,999,999 x 1 px passed the pixel limit and took 32 s to decode. These headers carry
  // the pixel data a decoder would need (all zero rows), so only a refusal from the header gives these messages:
  // a decode would either succeed or fail as unreadable.
  it('refuses a side over 12,000 px from the header, before decoding (the 39,999,999 x 1 PNG)', async () => {
    const wide = pngWithRows(39_999_999, 1);
    expect(wide.length).toBeLessThan(100_000);
    await expectRefused(processImage(wide), 'TOO_LARGE', MSG.side);
    await expectRefused(processImage(pngWithRows(1, 12_001)), 'TOO_LARGE', MSG.side);
    await expectRefused(processImage(await gradient(12_001, 600).jpeg().toBuffer()), 'TOO_LARGE', MSG.side);
  });

  it('refuses a long, narrow image (sides more than 25 to 1) from the header, before decoding', async () => {
    await expectRefused(processImage(pngWithRows(11_000, 400)), 'BAD_INPUT', MSG.thin);
    await expectRefused(processImage(pngWithRows(26, 1)), 'BAD_INPUT', MSG.thin);
    await expectRefused(processImage(await gradient(40, 1200).jpeg().toBuffer()), 'BAD_INPUT', MSG.thin);
  });

  it('accepts sides at the bound: 12,000 px long, 25 to 1', async () => {
    const flat = sharp({ create: { width: 12_000, height: 480, channels: 3, background: '#6a8caf' } });
    const out = await processImage(await flat.png().toBuffer());
    expect([out.width, out.height]).toEqual([12_000, 480]);
  });

  it('refuses more pixels than a custom limit allows', async () => {
    const input = await gradient(100, 51).png().toBuffer();
    await expectRefused(processImage(input, { maxBytes: 10 * 1024 * 1024, maxPixels: 5000 }), 'TOO_LARGE', MSG.pixels);
  });

  it('refuses a buffer over 10 MB before looking at its content', async () => {
    const jpegLike = Buffer.alloc(10 * 1024 * 1024 + 1);
    jpegLike.set([0xff, 0xd8, 0xff], 0);
    await expectRefused(processImage(jpegLike), 'TOO_LARGE', MSG.bytes);
    // Size is checked before type: a huge non-image is "too large", not "unsupported".
    await expectRefused(processImage(Buffer.alloc(11 * 1024 * 1024, 0x41)), 'TOO_LARGE', MSG.bytes);
  });

  it('allows exactly 10 MB through the size check (then judges the content)', async () => {
    await expectRefused(processImage(Buffer.alloc(10 * 1024 * 1024, 0x41)), 'UNSUPPORTED_MEDIA', MSG.type);
  });
});

describe('sniffImageKind', () => {
  it('reads JPEG and PNG magic bytes and nothing else', () => {
    expect(sniffImageKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffImageKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBeNull();
    expect(sniffImageKind(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageKind(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageKind(Buffer.from('RIFF....WEBP'))).toBeNull();
    expect(sniffImageKind(Buffer.alloc(0))).toBeNull();
  });
});

describe('processImage: HEIC (docs/decisions/0016-photos.md)', () => {
  it('rests on this build of sharp reading HEIF with AV1 only, not the HEVC of phone photos', () => {
    // If a build ever reads .heic, decode it instead of refusing it (process-image.ts) and change this test.
    expect(sharp.format.heif.input.fileSuffix).not.toContain('.heic');
  });

  it('refuses a HEIC photo by its brand with what to do instead', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
    expect(isHeic(heic)).toBe(true);
    await expect(processImage(heic)).rejects.toMatchObject({ kind: 'BAD_INPUT', message: IMAGE_MESSAGES.heic });
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .avif()
      .toBuffer();
    expect(isHeic(avif)).toBe(false); // AVIF keeps the plain "only JPEG and PNG" answer
    await expect(processImage(avif)).rejects.toMatchObject({ kind: 'UNSUPPORTED_MEDIA' });
  });
});
