import { DATA_ARCHIVE_DAYS } from '@app/contracts';
import { strToU8, zip, type Zippable } from 'fflate';
import type { Db } from '../../db/client';
import { writeCsv } from '../../lib/csv';
import type { ArchivePart, ArchiveSources, Cell } from '../../db/personal-data';

export const README_FILE = 'README.txt';
/** The machine-readable list of the archive's files. */
export const INDEX_FILE = 'indice.json';

const cellText = (value: Cell): string =>
  value === null ? '' : typeof value === 'boolean' ? (value ? 'Sí' : 'No') : String(value);

/** One file as indice.json describes it, for a program that reads the archive. */
interface IndexEntry {
  archivo: string;
  formato: 'csv' | 'json';
  descripcion: string;
  /** A CSV's header, in order. */
  columnas?: readonly string[];
  /** A CSV's rows, or a JSON list's items; absent for a JSON object. */
  filas?: number;
}

/** The file's text (a CSV with a header row, even when empty, or indented JSON) and its index entry. */
async function fileOf(
  part: ArchivePart,
  db: Db,
  userId: number,
  sources: ArchiveSources,
): Promise<{ text: string; entry: IndexEntry }> {
  const entry = { archivo: part.file, formato: part.kind, descripcion: part.about };
  if (part.kind === 'json') {
    const value = await part.read(db, userId, sources);
    return {
      text: `${JSON.stringify(value, null, 2)}\n`,
      entry: Array.isArray(value) ? { ...entry, filas: value.length } : entry,
    };
  }
  const rows = await part.read(db, userId, sources);
  const text = writeCsv(
    part.columns,
    rows.map((row) => part.columns.map((column) => cellText(row[column] ?? null))),
  );
  return { text, entry: { ...entry, columnas: part.columns, filas: rows.length } };
}

/** README.txt: what the archive is and one paragraph per file, in Spanish. */
function readme(madeAt: Date, parts: readonly ArchivePart[]): string {
  return [
    'ARCHIVO DE TUS DATOS',
    '',
    `Este archivo reúne todo lo que la comunidad guarda sobre tu cuenta, tal como estaba el ${madeAt.toISOString().slice(0, 10)} (fechas en UTC).`,
    'Los archivos .json se abren con cualquier editor de texto; los .csv, con una hoja de cálculo.',
    `${INDEX_FILE} describe cada archivo (formato, columnas y número de filas) para leerlo con un programa.`,
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
 * Builds the ZIP of a member's data from the files the modules declared (`parts`), reporting after each file how
 * many of the files are written, so the screen can show progress.
 */
export async function buildArchive(
  parts: readonly ArchivePart[],
  db: Db,
  userId: number,
  madeAt: Date,
  sources: ArchiveSources,
  onProgress: (done: number, total: number) => Promise<void>,
): Promise<Uint8Array> {
  const files: Zippable = { [README_FILE]: strToU8(readme(madeAt, parts)) };
  const index: IndexEntry[] = [];
  let done = 0;
  for (const part of parts) {
    const { text, entry } = await fileOf(part, db, userId, sources);
    files[part.file] = strToU8(text);
    index.push(entry);
    done += 1;
    await onProgress(done, parts.length);
  }
  const described = { generado: madeAt.toISOString(), zona_horaria_de_las_fechas: 'UTC', archivos: index };
  files[INDEX_FILE] = strToU8(`${JSON.stringify(described, null, 2)}\n`);
  // fflate's asynchronous zip compresses on worker threads: a large archive never stalls this node's requests.
  return new Promise((resolve, reject) => {
    zip(files, { level: 6, mtime: madeAt }, (error, data) => (error ? reject(error) : resolve(data)));
  });
}
