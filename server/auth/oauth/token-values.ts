import { randomBytes, randomUUID } from "node:crypto";
import { hashToken } from "~/server/lib/token-hash";

/**
 * The opaque values the authorization server hands out. Each kind has its own prefix, so that a
 * value says what it is (and secret scanners can recognise it); only SHA-256 hashes are stored.
 */
export const OAUTH_ACCESS_PREFIX = "vmo_";
const REFRESH_PREFIX = "vmr_";
const CODE_PREFIX = "vmac_";
const CLIENT_ID_PREFIX = "vmc_";
const CLIENT_SECRET_PREFIX = "vmcs_";

const random = (prefix: string, bytes = 32) => prefix + randomBytes(bytes).toString("base64url");

export const newAccessToken = () => random(OAUTH_ACCESS_PREFIX);
export const newRefreshToken = () => random(REFRESH_PREFIX);
export const newAuthorizationCode = () => random(CODE_PREFIX);
export const newClientId = () => random(CLIENT_ID_PREFIX, 16);
export const newClientSecret = () => random(CLIENT_SECRET_PREFIX);
export const newGrantId = () => randomUUID();

export { hashToken };
