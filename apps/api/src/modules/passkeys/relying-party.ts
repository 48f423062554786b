/** Who the passkeys are for: the RP ID (a host name) and the one origin the browser may answer from. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', '0.0.0.0', '[::]']);

/**
 * The relying party of the app's public address (APP_URL, or the address it listens on). Browsers refuse an IP
 * address as RP ID, so a server reached on a loopback address takes the name `localhost` for the same port.
 */
export function relyingPartyOf(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  if (LOOPBACK.has(url.hostname) || url.hostname.startsWith('127.')) url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin, name };
}
