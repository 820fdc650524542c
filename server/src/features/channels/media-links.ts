import type { FileStore } from '../../platform/files';
import type { SecretBox } from '../../platform/secrets';

/** How long a vendor (or the Sandbox phone) may fetch a file sent in a message. */
export const MEDIA_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const MEDIA_PATH = '/api/channels/media';

interface MediaClaim {
  /** enterprise id */
  e: string;
  /** file id */
  f: string;
  /** expiry, ms since epoch */
  x: number;
}

/**
 * Public, expiring, signed links to a Parley file: a vendor needs a URL it can fetch without a
 * session. The token is the claim sealed with the SecretBox (AES-GCM), so it can be neither read
 * nor forged, and it names the enterprise whose file it is. It travels in the query string: it is
 * longer than a path parameter may be.
 */
export function createMediaLinks(deps: { secrets: SecretBox; files: FileStore; publicUrl: string }) {
  const { secrets, files } = deps;
  return {
    /** A link to one of the enterprise's files; NOT_FOUND when the file is not the enterprise's. */
    async link(enterpriseId: string, fileId: string, now = Date.now()) {
      const { file } = await files.open(enterpriseId, fileId);
      const claim: MediaClaim = { e: enterpriseId, f: file.id, x: now + MEDIA_LINK_TTL_MS };
      return {
        url: `${deps.publicUrl}${MEDIA_PATH}?token=${secrets.seal(JSON.stringify(claim))}`,
        fileName: file.name,
        contentType: file.contentType,
      };
    },
    /** The file a token points at, or null when the token is forged, garbled or expired. */
    async resolve(token: string, now = Date.now()) {
      let claim: MediaClaim;
      try {
        claim = JSON.parse(secrets.open(token)) as MediaClaim;
      } catch {
        return null;
      }
      if (typeof claim.e !== 'string' || typeof claim.f !== 'string' || !(claim.x > now)) return null;
      try {
        return await files.open(claim.e, claim.f);
      } catch {
        return null;
      }
    },
  };
}
export type MediaLinks = ReturnType<typeof createMediaLinks>;
