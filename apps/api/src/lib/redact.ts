/** Password-recovery links carry their token in the query string: logged URLs show it redacted. */
export const redactUrl = (url: string | undefined): string | undefined =>
  url?.replace(/([?&]token=)[^&#]*/gi, '$1[oculto]');
