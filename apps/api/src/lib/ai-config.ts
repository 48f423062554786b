/** An AI tool's keys as kept before AI connections, sealed (`change` = seal) or read (`change` = open). */
export const sealKeys = <T extends { gemini_api_key: string | null; openai_api_key: string | null }>(
  settings: T,
  change: (stored: string) => string,
): T => ({
  ...settings,
  gemini_api_key: settings.gemini_api_key === null ? null : change(settings.gemini_api_key),
  openai_api_key: settings.openai_api_key === null ? null : change(settings.openai_api_key),
});
