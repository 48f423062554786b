import { networkLimit, REDGRAM_MESSAGES, type RedgramMode, type RedgramProfile } from '@app/contracts';
import { badRequest } from '../../lib/errors';

const PLACEHOLDER =
  /\{(name|social_network|sector|target_audience|specific_audience|visual_optimization|tema|texto)\}/g;

/**
 * Fills the mode's template with the profile and the text: {tema} in write mode, {texto} in rewrite mode, the
 * other empty. One pass, so a value that contains a placeholder is not filled again. A template without the
 * mode's placeholder gets the text after a blank line, so the user's words always reach Gemini.
 */
export function buildRedgramPrompt(
  template: string,
  profile: RedgramProfile,
  mode: RedgramMode,
  text: string,
): string {
  if (template.trim() === '') throw badRequest(REDGRAM_MESSAGES.noPromptForMode);
  const values: Record<string, string> = {
    name: profile.name,
    social_network: profile.social_network,
    sector: profile.sector,
    target_audience: profile.target_audience,
    specific_audience: profile.specific_audience,
    visual_optimization: profile.visual_optimization,
    tema: mode === 'escribir' ? text : '',
    texto: mode === 'reescribir' ? text : '',
  };
  const filled = template.replace(PLACEHOLDER, (_, key: string) => values[key] ?? '');
  return template.includes(mode === 'escribir' ? '{tema}' : '{texto}') ? filled : `${filled}\n\n${text}`;
}

/**
 * What Gemini is told besides the member's template: the network's limit (so the text fits) and, for several
 * variants, that each must stand on its own. Sent as the system instruction, so the template stays as written.
 */
export function redgramInstruction(profile: RedgramProfile, variants: number): string | undefined {
  const rules: string[] = [];
  const known = networkLimit(profile.social_network);
  if (known) {
    rules.push(
      `El texto es para ${known.network}: no debe superar los ${known.limit} caracteres, contando los emojis, los espacios y los hashtags.`,
    );
  }
  if (variants > 1) {
    rules.push('Cada respuesta es una versión distinta y completa del texto, lista para publicar.');
  }
  return rules.length > 0 ? rules.join('\n') : undefined;
}
