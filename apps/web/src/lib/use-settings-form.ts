/** A stored key as the server describes it: never the key itself. */
export interface WriteOnlyKey {
  set: boolean;
  last4?: string | null;
}

/** The key field's description: whether a key is stored (and how it ends), or "No configurada". */
export const keyDescription = (key: WriteOnlyKey | undefined): string =>
  key?.set
    ? `Configurada${key.last4 ? ` (termina en ${key.last4})` : ''}. Déjala en blanco para mantenerla.`
    : 'No configurada';
