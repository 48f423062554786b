import { DATA_ARCHIVE_DAYS } from '@app/contracts';
import { strToU8, zip, type Zippable } from 'fflate';
import type { Db } from '../../db/client';
import { writeCsv } from '../../lib/csv';
import { ARCHIVE_PARTS, README_FILE, type ArchivePart, type Cell } from './parts';

const cellText = (value: Cell): string =>
  value === null ? '' : typeof value === 'boolean' ? (value ? 'Sí' : 'No') : String(value);

/** The file's text: a CSV with a header row (even when empty), or indented JSON. */
async function fileText(part: ArchivePart, db: Db, userId: number): Promise<string> {
  if (part.kind === 'json') return `${JSON.stringify(await part.read(db, userId), null, 2)}\n`;
  const rows = await part.read(db, userId);
  return writeCsv(
    part.columns,
    rows.map((row) => part.columns.map((column) => cellText(row[column] ?? null))),
  );
}

/** README.txt: what the archive is and one paragraph per file, in Spanish. */
function readme(madeAt: Date, parts: readonly ArchivePart[] = ARCHIVE_PARTS): string {
  return [
    'ARCHIVO DE TUS DATOS',
    '',
    `Este archivo reúne todo lo que la comunidad guarda sobre tu cuenta, tal como estaba el ${madeAt.toISOString().slice(0, 10)} (fechas en UTC).`,
    'Los archivos .json se abren con cualquier editor de texto; los .csv, con una hoja de cálculo.',
    `El enlace de descarga funciona durante ${DATA_ARCHIVE_DAYS} días y solo con la sesión de quien lo pidió.`,
    '',
    'Qué contiene cada archivo:',
    '',
    ...parts.flatMap((part) => [`- ${part.file}: ${part.about}`]),
    '',
    'Lo que no encontrarás:',
    '- Tu contraseña ni los códigos secretos de los enlaces y sesiones: solo se guarda una huella que no permite recuperarlos.',
    '- Los textos de las herramientas de Texto (ortografía, emojis): no se guardan.',
    '- Las sesiones ya cerradas: al cerrar sesión se borra su registro; sesiones.csv lista las abiertas.',
    '- Los correos enviados antes de que la comunidad empezara a anotarlos (asunto y fecha): correos.csv empieza ese día.',
    '- Si eres administrador, lo que hiciste sobre otras cuentas: contiene datos de otros miembros.',
    '',
  ].join('\r\n');
}

/**
 * Builds the ZIP of a member's data, reporting after each file how many of the files are written, so the screen
 * can show progress.
 */
export async function buildArchive(
  db: Db,
  userId: number,
  madeAt: Date,
  onProgress: (done: number, total: number) => Promise<void>,
): Promise<Uint8Array> {
  const files: Zippable = { [README_FILE]: strToU8(readme(madeAt)) };
  let done = 0;
  for (const part of ARCHIVE_PARTS) {
    files[part.file] = strToU8(await fileText(part, db, userId));
    done += 1;
    await onProgress(done, ARCHIVE_PARTS.length);
  }
  // fflate's asynchronous zip compresses on worker threads: a large archive never stalls this node's requests.
  return new Promise((resolve, reject) => {
    zip(files, { level: 6, mtime: madeAt }, (error, data) => (error ? reject(error) : resolve(data)));
  });
}
