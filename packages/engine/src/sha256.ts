// SHA-256 (FIPS 180-4) in plain TypeScript, because the engine runs in the browser too and a
// player must be able to re-hash a revealed seed without node:crypto or an async WebCrypto call.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** '00'..'ff' by byte value. */
const HEX_BYTE: readonly string[] = Array.from({ length: 256 }, (_, b) => (b + 0x100).toString(16).slice(1));

const W = new Uint32Array(64);
const HEX_WORDS = new Uint32Array(8);
const H = new Uint32Array(8);
const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/** UTF-8 bytes of a string, without TextEncoder (absent in some embedded browsers' workers). */
export function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code < 0x80) {
      bytes.push(code);
      continue;
    }
    if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low < 0xe000) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return bytes;
}

/**
 * SHA-256 of bytes as eight 32-bit words (big-endian reading of the digest), into the caller's
 * buffer: the shuffle calls it for every game (~5 blocks each), typed arrays are costly to
 * allocate, so it reuses its buffers and reads bytes without a DataView.
 */
export function sha256Into(message: ArrayLike<number>, out: Uint32Array): Uint32Array {
  const length = message.length;
  const blocks = Math.ceil((length + 9) / 64);
  H.set(INITIAL);
  const bitLength = length * 8;
  for (let block = 0; block < blocks; block++) {
    const base = block * 64;
    if (base + 64 <= length) {
      for (let i = 0; i < 16; i++) {
        const o = base + i * 4;
        W[i] = (message[o]! << 24) | (message[o + 1]! << 16) | (message[o + 2]! << 8) | message[o + 3]!;
      }
    } else {
      // The last block or two: the message's tail, the 0x80 marker, zeros, then the bit length.
      for (let i = 0; i < 16; i++) {
        const o = base + i * 4;
        W[i] =
          (paddedByte(message, o) << 24) |
          (paddedByte(message, o + 1) << 16) |
          (paddedByte(message, o + 2) << 8) |
          paddedByte(message, o + 3);
      }
    }
    if (block === blocks - 1) {
      // Messages here are short; the high word of the 64-bit length only matters past 512 MiB.
      W[14] = Math.floor(bitLength / 0x100000000);
      W[15] = bitLength >>> 0;
    }
    compress();
  }
  out.set(H);
  return out;
}

function paddedByte(message: ArrayLike<number>, i: number): number {
  return i < message.length ? message[i]! : i === message.length ? 0x80 : 0;
}

function compress(): void {
  for (let i = 16; i < 64; i++) {
    const a = W[i - 15]!;
    const b = W[i - 2]!;
    const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
    const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = H[0]!;
  let b = H[1]!;
  let c = H[2]!;
  let d = H[3]!;
  let e = H[4]!;
  let f = H[5]!;
  let g = H[6]!;
  let h = H[7]!;
  for (let i = 0; i < 64; i++) {
    const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  H[0] = H[0]! + a;
  H[1] = H[1]! + b;
  H[2] = H[2]! + c;
  H[3] = H[3]! + d;
  H[4] = H[4]! + e;
  H[5] = H[5]! + f;
  H[6] = H[6]! + g;
  H[7] = H[7]! + h;
}

function rotr(x: number, n: number): number {
  return (x >>> n) | (x << (32 - n));
}

/** SHA-256 of a string's UTF-8 bytes, as lowercase hex (what `printf %s "$seed" | sha256sum` prints). */
export function sha256Hex(text: string): string {
  const words = sha256Into(utf8(text), HEX_WORDS);
  let hex = '';
  // Byte by byte from a table: Number#toString(16) is slow, and every new game hashes its seed.
  for (let i = 0; i < 8; i++) {
    const w = words[i]!;
    hex += HEX_BYTE[w >>> 24]! + HEX_BYTE[(w >>> 16) & 255]! + HEX_BYTE[(w >>> 8) & 255]! + HEX_BYTE[w & 255]!;
  }
  return hex;
}
