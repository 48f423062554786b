import { parse } from 'bowser';

const UNKNOWN_BROWSER = 'Navegador desconocido';
const UNKNOWN_OS = 'Sistema desconocido';

/** The browser ("Chrome 130") and system ("Android 14") a user agent names, in words a member recognises. */
export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  if (!userAgent) return { browser: UNKNOWN_BROWSER, os: UNKNOWN_OS };
  const parsed = parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name
    ? [parsed.browser.name, major].filter(Boolean).join(' ')
    : UNKNOWN_BROWSER;
  const osVersion = parsed.os.versionName ?? parsed.os.version?.split('.')[0];
  const os = parsed.os.name ? [parsed.os.name, osVersion].filter(Boolean).join(' ') : UNKNOWN_OS;
  return { browser, os };
}
