/** Non-cryptographic 32-bit hashes (import partitions and write lanes, the test embedder). */

/** FNV-1a over the UTF-16 code units of `text`. Its low bits are weak: mix them (fmix32) before taking a modulo. */
export function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The murmur3 finaliser: every output bit depends on every input bit. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
