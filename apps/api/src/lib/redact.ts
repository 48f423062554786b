/** Password-recovery links carry their token in the query string: logged URLs show it redacted. */
export const redactUrl = (url: string | undefined): string | undefined =>
  url?.replace(/([?&]token=)[^&#]*/gi, '$1[oculto]');

/**
 * Hides a secret (an API key) in a text an upstream sent back, in the forms it may take there: as is, in any
 * letter case, percent-encoded, JSON-escaped, and base64 / base64url encoded.
 */
export function redactSecret(text: string, secret: string): string {
  if (secret.length < 4) return text;
  const forms = new Set([
    secret,
    encodeURIComponent(secret),
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(secret).toString('base64').replace(/=+$/, ''),
    Buffer.from(secret).toString('base64url'),
  ]);
  let clean = text;
  for (const form of forms) {
    clean = clean.replace(new RegExp(form.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), 'gi'), '***');
  }
  return clean;
}
