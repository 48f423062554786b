/** The accounts the end-to-end database is prepared with (global-setup.ts). */
export const ACCOUNTS = {
  admin: { email: 'admin@e2e.test', password: 'admin-e2e-secret', username: 'admin', role: 'admin' },
  cafeinas: { email: 'cafe@e2e.test', password: 'cafe-e2e-secret', username: 'lucia', role: 'cafeinas' },
  vip: { email: 'vip@e2e.test', password: 'vip-e2e-secret', username: 'marcos', role: 'vip' },
  /** A second VIP member: each member's progress is their own. */
  vip2: { email: 'vip2@e2e.test', password: 'vip2-e2e-secret', username: 'elena', role: 'vip' },
  inactive: {
    email: 'pendiente@e2e.test',
    password: 'pend-e2e-secret',
    username: 'pendiente',
    role: 'cafeinas',
  },
  /** Edited by the profile spec only. */
  profile: { email: 'perfil@e2e.test', password: 'perfil-e2e-secret', username: 'sofia', role: 'cafeinas' },
} as const;

export const MEMBERSHIP_PLANS_URL = 'https://planes.example.com/membresias';
