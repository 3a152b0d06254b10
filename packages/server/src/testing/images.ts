import { deflateSync } from 'node:zlib';
import { FILE_UPLOAD_URL } from '@factory/shared/api/file';
import type { Harness } from './harness.ts';
import { multipart } from './multipart.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
/** CRC-32 as PNG chunks carry it. */
export function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
/** A big-endian 32-bit unsigned integer. */
export const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};

/** A valid RGB PNG of the given size in one colour (grey unless given), for upload tests. */
export function png(width: number, height: number, rgb: [number, number, number] = [128, 128, 128]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    return Buffer.concat([u32(data.length), td, u32(crc32(td))]);
  };
  const pixel = Buffer.from(rgb);
  const row = Buffer.concat([Buffer.from([0]), ...Array.from({ length: width }, () => pixel)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])])),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads an image as the token's user; answers the envelope. */
export async function uploadImage(h: Harness, token: string, data: Buffer, filename = 'picture.png') {
  const { payload, headers } = multipart([{ name: 'file', filename, data }]);
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/web/v1/${FILE_UPLOAD_URL}`,
    query: { kind: 'image' },
    headers: { ...headers, token },
    payload,
  });
  return res.json() as { errorCode: number; result: string; errorMsg: string };
}
