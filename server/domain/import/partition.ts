import { fmix32, fnv1a32 } from "~/server/lib/hash";

/**
 * Hash partitions of an import's keys, so that memory stays bounded whatever the file's size.
 *
 * Every key (a slug or an id) falls in one of BUCKETS buckets; a pass that would need more than
 * `cap` keys in memory at once runs as `parts` passes, each holding the keys of the buckets
 * `b % parts === part` only. A key's bucket never changes, so records of one key always meet in the
 * same pass, in spool order.
 */

const BUCKETS = 1024;

/** One partition: the keys whose bucket `b` has `b % parts === part`. */
export interface TPart {
  part: number;
  parts: number;
}

/** Keys held in memory by one pass (about 100 bytes each). */
export const KEY_CAP = 1_000_000;

/**
 * A 32-bit hash of a string: FNV-1a over the UTF-16 code units, then the murmur3 finaliser. The
 * finaliser matters: the low bits of FNV-1a (and of any multiply-and-add hash) are the parity of
 * the characters, so two such hashes taken modulo even numbers agree, and the write lanes of one
 * partition would all be the same lane.
 */
export function hash32(key: string): number {
  return fmix32(fnv1a32(key));
}

/** The bucket of a key. */
export function bucketOf(key: string): number {
  return hash32(key) % BUCKETS;
}

/** Passes needed to hold at most `cap` of `keys` keys at once (at least 1, at most BUCKETS). */
export function partsFor(keys: number, cap = KEY_CAP): number {
  return Math.min(BUCKETS, Math.max(1, Math.ceil(keys / cap)));
}

/** Whether `key` belongs to partition `part` of `parts`. */
export function inPart(key: string, { part, parts }: TPart): boolean {
  return bucketOf(key) % parts === part;
}
