import { z } from 'zod';
import { endpointsOf } from './http';

const endpoint = endpointsOf('retention');

/**
 * "Conservación de datos" (/config): how many days each kind of personal data is kept before the daily purge
 * deletes it. The defaults and their reasons are written in docs/data-rights.md ("Conservación de datos").
 */
export const RETENTION_LIMITS = { min: 1, max: 3650 } as const;

export const RETENTION_DEFAULTS = { ai_days: 90, signin_days: 90, video_days: 365, mail_days: 365 } as const;

const daysField = z.coerce
  .number({ error: 'Indica un número de días' })
  .int('Indica un número entero de días')
  .min(RETENTION_LIMITS.min, `Como mínimo ${RETENTION_LIMITS.min} día`)
  .max(RETENTION_LIMITS.max, `Como máximo ${RETENTION_LIMITS.max} días`);

export const RetentionSettings = z.strictObject({
  ai_days: daysField,
  signin_days: daysField,
  video_days: daysField,
  mail_days: daysField,
});
export type RetentionSettings = z.infer<typeof RetentionSettings>;

export const RETENTION_LABELS: Record<keyof RetentionSettings, { label: string; description: string }> = {
  ai_days: {
    label: 'Textos de IA y sus registros',
    description:
      'Las generaciones de RedGram («Mi historial») y el registro de cada petición a la IA, con sus textos.',
  },
  signin_days: {
    label: 'Inicios de sesión',
    description: 'Las sesiones abiertas por cada miembro: cuándo inició sesión.',
  },
  video_days: {
    label: 'Registros de vídeos guardados',
    description: 'Los vídeos de YouTube e Instagram que cada miembro guardó con YTVideo e IGVideo.',
  },
  mail_days: {
    label: 'Registro de correos enviados',
    description: 'El asunto y la fecha de cada correo que la aplicación envió a cada miembro.',
  },
};

/** How many rows of each kind a purge removes (or removed). */
export const RetentionCounts = z.strictObject({
  ai: z.number().int(),
  signin: z.number().int(),
  video: z.number().int(),
  mail: z.number().int(),
});
export type RetentionCounts = z.infer<typeof RetentionCounts>;

/** What the last daily purge removed, per kind (null before the first one). */
export const RetentionRun = z.strictObject({
  day: z.string(),
  ran_at: z.string(),
  removed: RetentionCounts,
});
export type RetentionRun = z.infer<typeof RetentionRun>;

export const RetentionView = RetentionSettings.extend({ last_run: RetentionRun.nullable() });
export type RetentionView = z.infer<typeof RetentionView>;

export const RETENTION_MESSAGES = {
  load: 'Error al cargar la conservación de datos',
  save: 'Error al guardar la conservación de datos',
  saved: 'Conservación de datos guardada',
  preview: 'No se pudo contar lo que borraría la limpieza. No se ha guardado nada.',
} as const;

/** How the confirmation before a shorter period names each kind's count ("2 inicios de sesión"). */
export const RETENTION_COUNT_LABELS: Record<keyof RetentionCounts, (n: number) => string> = {
  ai: (n) =>
    `${n} ${n === 1 ? 'texto de IA o registro de petición' : 'textos de IA y registros de peticiones'}`,
  signin: (n) => `${n} ${n === 1 ? 'inicio de sesión' : 'inicios de sesión'}`,
  video: (n) => `${n} ${n === 1 ? 'registro de vídeo guardado' : 'registros de vídeos guardados'}`,
  mail: (n) => `${n} ${n === 1 ? 'correo del registro de enviados' : 'correos del registro de enviados'}`,
};

export const getRetention = endpoint({
  summary: 'Muestra cuántos días se conservan los datos personales y la última limpieza',
  method: 'GET',
  path: '/api/admin/retention',
  response: RetentionView,
});

export const saveRetention = endpoint({
  summary: 'Guarda cuántos días se conservan los datos personales',
  method: 'PUT',
  path: '/api/admin/retention',
  body: RetentionSettings,
  response: RetentionView,
});

export const previewRetention = endpoint({
  summary: 'Cuenta lo que borraría la próxima limpieza con estos días, sin guardarlos',
  method: 'POST',
  path: '/api/admin/retention/preview',
  body: RetentionSettings,
  response: RetentionCounts,
});
