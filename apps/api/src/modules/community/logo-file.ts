import {
  COMMUNITY_LOGO_MAX_BYTES,
  COMMUNITY_LOGO_TYPES,
  COMMUNITY_MESSAGES as M,
  type CommunityLogoType,
} from '@app/contracts';
import { badRequest } from '../../lib/errors';

/** The first bytes each accepted type starts with: the declared type must match the file itself. */
const SIGNATURES: Record<CommunityLogoType, (bytes: Buffer) => boolean> = {
  'image/png': (bytes) =>
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  'image/webp': (bytes) =>
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP',
};

const isLogoType = (type: string): type is CommunityLogoType =>
  (COMMUNITY_LOGO_TYPES as readonly string[]).includes(type);

/** The uploaded logo's bytes, or the Spanish reason it is refused (type, size, not an image of that type). */
export function checkLogo(type: string, base64: string): { type: CommunityLogoType; bytes: Buffer } {
  if (!isLogoType(type)) throw badRequest(M.logoType, 'type');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw badRequest(M.logoNotImage, 'data');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw badRequest(M.logoEmpty, 'data');
  if (bytes.length > COMMUNITY_LOGO_MAX_BYTES) throw badRequest(M.logoTooLarge, 'data');
  if (!SIGNATURES[type](bytes)) throw badRequest(M.logoNotImage, 'data');
  return { type, bytes };
}
