import { z } from 'zod';
import { ACCESS_STATUSES, SubscriptionEnding, SubscriptionStatus } from './billing';
import { endpointsOf, OkResponse, ID_MAX } from './http';
import { pageOf, keyedPageQueryFields } from './pagination';
import { EmailField, PasswordField, PhoneField, TAKEN_MESSAGES, UsernameField } from './user-fields';

const endpoint = endpointsOf('settings');

/**
 * Settings (/config): user and role administration. Every endpoint here needs the `config` permission.
 * Spec: accounts-and-admin, section 2 "Settings", entities of section 3, rules of sections 4-9.
 */

/** Users per page of the admin table (spec, section 9) and the most one request may ask for. */
export const USERS_PAGE_SIZE = 10;
export const USERS_PAGE_SIZE_MAX = 100;
export const ROLE_NAME_MAX = 50;
export const ROLE_DESCRIPTION_MAX = 255;
export const SEARCH_MAX = 254;

export const SETTINGS_MESSAGES = {
  emailTaken: TAKEN_MESSAGES.email,
  usernameTaken: TAKEN_MESSAGES.username,
  chooseRole: 'Selecciona un rol',
  unknownRole: 'El rol seleccionado no existe',
  userNotFound: 'El usuario no existe',
  roleNotFound: 'El rol no existe',
  roleNameRequired: 'El nombre del rol es obligatorio',
  roleNameTaken: 'Ya existe un rol con ese nombre',
  unknownTool: 'Alguna de las herramientas seleccionadas no existe',
  adminRoleProtected: 'El rol admin no se puede renombrar ni eliminar',
  planEndRoleInUse:
    'Este rol es el rol al que pasa un plan de pago cuando termina la suscripción: cambia ese plan antes de eliminarlo',
  planRoleNoAdmin:
    'Este rol es un plan de pago o el rol al que pasa un plan: no puede tener la herramienta Configuración',
  registrationRoleProtected: 'El rol que reciben los nuevos registros no se puede eliminar',
  lastConfigUserDelete:
    'No puedes eliminar al último usuario activo con acceso a Configuración: la comunidad se quedaría sin administración.',
  lastConfigUserChange:
    'No puedes desactivar ni quitar el acceso a Configuración al último usuario activo que lo tiene: la comunidad se quedaría sin administración.',
  lastConfigRole:
    'No puedes quitar Configuración de este rol: es el último que la da a un usuario activo y la comunidad se quedaría sin administración.',
  // Spec, section 8 (fallbacks when the server sends no message of its own).
  loadUsers: 'Error al cargar usuarios',
  saveUser: 'Error al guardar usuario',
  deleteUser: 'Error al eliminar usuario',
  loadRoles: 'Error al cargar roles',
  saveRole: 'Error al guardar rol',
  createRole: 'Error al crear rol',
  updateRole: 'Error al actualizar rol',
  deleteRole: 'Error al eliminar rol',
  loadData: 'Error al cargar datos',
  bulkTarget: 'Indica las cuentas: una lista de ids o el filtro, uno de los dos',
  bulkTooMany: `No se pueden cambiar más de 1000 cuentas seleccionadas a la vez`,
  bulkAction: 'Acción no válida',
  bulkLastConfigUser:
    'No se ha cambiado ninguna cuenta: la acción dejaría a la comunidad sin ningún usuario activo con acceso a Configuración.',
  bulkFailed: 'Error al aplicar la acción',
  billingFilter: 'Filtro de suscripción no válido',
} as const;

/** "No se puede eliminar el rol: 3 usuarios lo tienen asignado..." */
export const roleInUseMessage = (users: number): string =>
  `No se puede eliminar este rol porque ${users === 1 ? 'un usuario lo tiene' : `${users} usuarios lo tienen`} asignado. Asígnales otro rol antes de eliminarlo.`;

/** The users table's subscription filter: "Con suscripción" (paid access today) or "Pago pendiente". */
export const BILLING_FILTERS = ['subscribed', 'past_due'] as const;
export const BillingFilter = z.enum(BILLING_FILTERS, { error: SETTINGS_MESSAGES.billingFilter });
export type BillingFilter = z.infer<typeof BillingFilter>;

export const BILLING_FILTER_LABELS: Record<BillingFilter, string> = {
  subscribed: 'Con suscripción',
  past_due: 'Pago pendiente',
};

/** The users table's address parameter that opens it on a subscription filter (`/config?suscripcion=past_due`). */
export const BILLING_FILTER_PARAM = 'suscripcion';

/** The subscription statuses each filter keeps. */
export const BILLING_FILTER_STATUSES: Record<BillingFilter, readonly SubscriptionStatus[]> = {
  subscribed: ACCESS_STATUSES,
  past_due: ['past_due'],
};

export const IdParams = z.strictObject({ id: z.coerce.number().int().positive().max(ID_MAX) });

/** A user as the admin table shows it: never a password or its hash. `created_at` is an ISO instant. */
export const AdminUser = z.strictObject({
  id: z.number().int().positive().max(ID_MAX),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role_id: z.number().int().positive().max(ID_MAX),
  role: z.string(),
  is_active: z.boolean(),
  /** Whether the owner proved the email by following a link sent to it (or an administrator vouched for it). */
  email_verified: z.boolean(),
  created_at: z.string(),
  /**
   * The member's subscription: the plan is the name of the role it grants (null once that role is deleted).
   * Null for a member billing has never seen (made by an admin, imported, "cortesía").
   */
  subscription: z.strictObject({ plan: z.string().nullable(), status: SubscriptionStatus }).nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const UserListQuery = z.strictObject({
  ...keyedPageQueryFields(USERS_PAGE_SIZE, USERS_PAGE_SIZE_MAX),
  /** Part of the username or email, any case. */
  search: z.string().trim().max(SEARCH_MAX).optional(),
  /** Only accounts waiting for activation (inactive). */
  pending: z.stringbool().optional(),
  /** Only members whose subscription is in one of the filter's statuses. */
  billing: BillingFilter.optional(),
});
export type UserListQuery = z.input<typeof UserListQuery>;

export const UserList = pageOf(AdminUser);
export type UserList = z.infer<typeof UserList>;

const RoleIdField = z
  .number({ error: SETTINGS_MESSAGES.chooseRole })
  .int(SETTINGS_MESSAGES.chooseRole)
  .positive(SETTINGS_MESSAGES.chooseRole);

const userFields = {
  username: UsernameField,
  email: EmailField,
  phone: PhoneField.optional(),
  // Explicit: the dialog never defaults to role 1 (admin).
  role_id: RoleIdField,
  is_active: z.boolean(),
};

export const UserCreateBody = z.strictObject({ ...userFields, password: PasswordField });
export type UserCreateBody = z.input<typeof UserCreateBody>;

/**
 * How a member's live subscription ends at Stripe when the administrator deactivates or deletes them (ignored
 * otherwise; the default leaves the paid period to run out without renewal).
 */
const subscriptionEndField = { subscription_end: SubscriptionEnding.default('period_end') };

/** Editing keeps the password unless one is given (the dialog hides it; the API allows an admin reset). */
export const UserUpdateBody = z.strictObject({
  ...userFields,
  password: PasswordField.optional(),
  ...subscriptionEndField,
});
export type UserUpdateBody = z.input<typeof UserUpdateBody>;

export const Tool = z.strictObject({ id: z.number().int().positive().max(ID_MAX), name: z.string() });
export type Tool = z.infer<typeof Tool>;

/** A role with its tools (tool ids, spec section 3). */
export const Role = z.strictObject({
  id: z.number().int().positive().max(ID_MAX),
  name: z.string(),
  description: z.string(),
  tools: z.array(z.number().int().positive().max(ID_MAX)),
});
export type Role = z.infer<typeof Role>;

export const RoleBody = z.strictObject({
  name: z
    .string({ error: SETTINGS_MESSAGES.roleNameRequired })
    .trim()
    .min(1, SETTINGS_MESSAGES.roleNameRequired)
    .max(ROLE_NAME_MAX, `El nombre del rol no puede superar ${ROLE_NAME_MAX} caracteres`),
  description: z
    .string()
    .trim()
    .max(ROLE_DESCRIPTION_MAX, `La descripción no puede superar ${ROLE_DESCRIPTION_MAX} caracteres`)
    .default(''),
  /** Ids of the granted tools; the role and these are saved together, in one transaction. */
  tools: z.array(z.number().int().positive().max(ID_MAX)).max(100).default([]),
});
export type RoleBody = z.input<typeof RoleBody>;

export const RolePermission = z.strictObject({
  role_id: z.number().int().positive().max(ID_MAX),
  tool_id: z.number().int().positive().max(ID_MAX),
});
export type RolePermission = z.infer<typeof RolePermission>;

export const listUsers = endpoint({
  summary: 'Lista los usuarios',
  method: 'GET',
  path: '/api/admin/users',
  query: UserListQuery,
  response: UserList,
});

export const createUser = endpoint({
  summary: 'Crea un usuario',
  method: 'POST',
  path: '/api/admin/users',
  body: UserCreateBody,
  response: AdminUser,
});

export const updateUser = endpoint({
  summary: 'Edita un usuario',
  method: 'PUT',
  path: '/api/admin/users/:id',
  params: IdParams,
  body: UserUpdateBody,
  response: AdminUser,
});

/** The most characters of the reason an admin may give when refusing a pending account. */
export const REFUSAL_REASON_MAX = 1000;

export const DeleteUserBody = z
  .strictObject({
    /** Why a pending account is refused: written into the email the member receives. */
    reason: z.string().trim().max(REFUSAL_REASON_MAX).optional(),
    ...subscriptionEndField,
  })
  // Fastify hands a request without a body over as null.
  .nullish();
export type DeleteUserBody = z.input<typeof DeleteUserBody>;

export const deleteUser = endpoint({
  summary: 'Elimina un usuario o rechaza una cuenta pendiente',
  method: 'DELETE',
  path: '/api/admin/users/:id',
  params: IdParams,
  body: DeleteUserBody,
  response: OkResponse,
});

/** The most ids one bulk request may name. */
export const BULK_IDS_MAX = 1000;
export const BULK_ACTIONS = ['activate', 'deactivate', 'set_role', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * One action on many accounts: the selected ids, or every account matching the users list's filter
 * ("todos los que coinciden con el filtro"); exactly one of the two. `role_id` is for set_role.
 */
export const UserBulkBody = z
  .strictObject({
    action: z.enum(BULK_ACTIONS, { error: SETTINGS_MESSAGES.bulkAction }),
    ids: z
      .array(z.number().int().positive().max(ID_MAX))
      .min(1, SETTINGS_MESSAGES.bulkTarget)
      .max(BULK_IDS_MAX, SETTINGS_MESSAGES.bulkTooMany)
      .optional(),
    filter: z
      .strictObject({
        search: z.string().trim().max(SEARCH_MAX).optional(),
        pending: z.boolean().optional(),
        billing: BillingFilter.optional(),
      })
      .optional(),
    role_id: RoleIdField.max(ID_MAX, SETTINGS_MESSAGES.chooseRole).optional(),
    ...subscriptionEndField,
  })
  .refine((body) => (body.ids === undefined) !== (body.filter === undefined), {
    error: SETTINGS_MESSAGES.bulkTarget,
  })
  .refine((body) => body.action !== 'set_role' || body.role_id !== undefined, {
    error: SETTINGS_MESSAGES.chooseRole,
    path: ['role_id'],
  });
export type UserBulkBody = z.input<typeof UserBulkBody>;

export const UserBulkResult = z.strictObject({ affected: z.number().int().nonnegative() });
export type UserBulkResult = z.infer<typeof UserBulkResult>;

export const bulkUsers = endpoint({
  summary: 'Aplica una acción a varios usuarios',
  method: 'POST',
  path: '/api/admin/users/bulk',
  body: UserBulkBody,
  response: UserBulkResult,
});

export const listRoles = endpoint({
  summary: 'Lista los roles',
  method: 'GET',
  path: '/api/admin/roles',
  response: z.array(Role),
});

export const createRole = endpoint({
  summary: 'Crea un rol con sus herramientas',
  method: 'POST',
  path: '/api/admin/roles',
  body: RoleBody,
  response: Role,
});

export const updateRole = endpoint({
  summary: 'Edita un rol y sus herramientas',
  method: 'PUT',
  path: '/api/admin/roles/:id',
  params: IdParams,
  body: RoleBody,
  response: Role,
});

export const deleteRole = endpoint({
  summary: 'Elimina un rol',
  method: 'DELETE',
  path: '/api/admin/roles/:id',
  params: IdParams,
  response: OkResponse,
});

export const listTools = endpoint({
  summary: 'Lista las herramientas',
  method: 'GET',
  path: '/api/admin/tools',
  response: z.array(Tool),
});

export const listRolePermissions = endpoint({
  summary: 'Lista las herramientas de cada rol',
  method: 'GET',
  path: '/api/admin/role-permissions',
  response: z.array(RolePermission),
});
