/**
 * The tools of the product (the seven of the spec, Estadísticas and Comunicados). The name is the route path, the permission name and the database name.
 * The order of this list is the dashboard's card order.
 */
export const TOOL_NAMES = [
  'membresia',
  'cafelito-virtual',
  'ytvideo',
  'igvideo',
  'redgram',
  'texto',
  'config',
  // Last, so the seeded tools keep the ids they had before it existed.
  'estadisticas',
  // After Estadísticas for the same reason.
  'comunicados',
] as const;

export type ToolName = (typeof TOOL_NAMES)[number];

/** Dashboard card titles. */
export const TOOL_TITLES: Record<ToolName, string> = {
  membresia: 'Membresía',
  'cafelito-virtual': 'Cafelito Virtual',
  ytvideo: 'Descarga de YouTube',
  igvideo: 'Descarga de Instagram',
  redgram: 'RedGram',
  texto: 'Texto',
  config: 'Configuración',
  estadisticas: 'Estadísticas',
  comunicados: 'Comunicados',
};

/** Labels of the top navigation bar (config is the settings icon, not a text link). */
export const TOOL_NAV_LABELS: Record<Exclude<ToolName, 'config'>, string> = {
  membresia: 'Membresía',
  'cafelito-virtual': 'Cafelito Virtual',
  texto: 'Texto',
  redgram: 'RedGram',
  ytvideo: 'YTVideo',
  igvideo: 'IGVideo',
  estadisticas: 'Estadísticas',
  comunicados: 'Comunicados',
};

/** Navigation order of the top bar, as the spec lists its links. */
export const NAV_TOOL_ORDER = [
  'membresia',
  'cafelito-virtual',
  'texto',
  'redgram',
  'ytvideo',
  'igvideo',
  'estadisticas',
  // After Estadísticas for the same reason.
  'comunicados',
] as const;

export const isToolName = (value: string): value is ToolName =>
  (TOOL_NAMES as readonly string[]).includes(value);

/** What a person reads for a tool: its card title, or the stored name of a tool this list does not know. */
export const toolTitle = (name: string): string => (isToolName(name) ? TOOL_TITLES[name] : name);

/** Sorts tool names into card order, dropping unknown names. */
export const sortTools = (names: readonly string[]): ToolName[] =>
  TOOL_NAMES.filter((tool) => names.includes(tool));
