import type { ToolName } from './tools';

/** The administrator role: manages content of every tool. Role names are stored lower case. */
export const ADMIN_ROLE = 'admin';

/** The one place that compares a role name with the administrator's. */
export const isAdmin = (user: { role: string } | null | undefined): boolean => user?.role === ADMIN_ROLE;

/**
 * The tools that administer the community: a role holding any of them is an administrator's, whatever its name.
 * Estadísticas shows the community's income and Comunicados writes to every member, so no paid plan may sell
 * them either.
 */
export const ADMIN_TOOLS: readonly string[] = ['config', 'estadisticas', 'comunicados'];
export const grantsAdministration = (tools: readonly string[]): boolean =>
  tools.some((tool) => ADMIN_TOOLS.includes(tool));

export interface SeedRole {
  id: number;
  name: string;
  description: string;
  tools: readonly ToolName[];
}

/** The membership tiers seeded on an empty database (spec: accounts-and-admin, section 1). */
export const SEED_ROLES: readonly SeedRole[] = [
  {
    id: 1,
    name: 'admin',
    description: 'Administrador: gestiona usuarios, roles y el contenido de todas las herramientas',
    tools: [
      'membresia',
      'cafelito-virtual',
      'ytvideo',
      'igvideo',
      'redgram',
      'texto',
      'estadisticas',
      'comunicados',
      'config',
    ],
  },
  {
    id: 2,
    name: 'vip',
    description: 'Acceso completo: Cafelito Virtual, Membresía, RedGram, YTVideo, IGVideo y Texto',
    tools: ['cafelito-virtual', 'membresia', 'redgram', 'ytvideo', 'igvideo', 'texto'],
  },
  {
    id: 3,
    name: 'cafeinas',
    description: 'Acceso limitado: solo Cafelito Virtual',
    tools: ['cafelito-virtual'],
  },
  {
    id: 4,
    name: 'estrategas',
    description: 'Acceso básico: Cafelito Virtual y los videos de la membresía',
    tools: ['cafelito-virtual', 'membresia'],
  },
];

/** Role id given to self-registered members (cafeinas). */
export const SELF_REGISTERED_ROLE_ID = 3;

export const normalizeRoleName = (name: string): string => name.trim().toLowerCase();

/** The spec's display names of its tiers; names are stored lower case, so these carry the accents and capitals. */
const TIER_DISPLAY_NAMES: Readonly<Record<string, string>> = {
  cafeinas: 'Cafeínas',
  estrategas: 'Estrategas',
  vip: 'VIP',
};

/**
 * How a role is written to a person, everywhere (badges, tables, lists, emails): the spec's name for its tiers,
 * any other role with its first letter in upper case ("admin" -> "Admin").
 */
export const roleDisplayName = (name: string): string => {
  const trimmed = name.trim();
  const tier = TIER_DISPLAY_NAMES[trimmed.toLowerCase()];
  if (tier) return tier;
  return trimmed.length === 0 ? trimmed : trimmed.charAt(0).toLocaleUpperCase('es-ES') + trimmed.slice(1);
};
