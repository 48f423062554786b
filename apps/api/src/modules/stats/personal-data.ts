import { rowsOf, type PersonalData } from '../../db/personal-data';
import { statsToolUses } from './schema';

/** Estadísticas keeps the member's tool uses per day only to count distinct members; closed days keep totals. */
export const statsPersonalData: PersonalData = {
  tables: [{ table: statsToolUses, erasure: { action: 'delete', column: statsToolUses.user_id } }],
  archive: [
    rowsOf({
      file: 'uso-de-herramientas.csv',
      about: 'Cuántas veces usaste cada herramienta de texto cada día, y los días que entraste ("acceso").',
      table: statsToolUses,
      by: statsToolUses.user_id,
    }),
  ],
};
