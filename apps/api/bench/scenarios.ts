/**
 * EXTENSION POINT (scenarios): the endpoints the benchmark drives, each for BENCH_SECONDS at 50 connections.
 * After merging a feature, add its scenarios here (e.g. a library listing `GET /api/libraries/membresia/...`,
 * the admin users page 1 and a search, the admin saved-videos page with a filter) with `kind: 'listing'` so
 * the report compares them with the signed-in `me` call.
 */
import { BENCH_ACCOUNTS } from './seeds';

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Who calls: a signed-in member, a signed-in administrator, or nobody. */
  as: 'member' | 'admin' | null;
  body?: unknown;
  /** read: the signed-in baseline; listing: must stay within 2x of `me`; login: argon2id, slow on purpose. */
  kind: 'read' | 'listing' | 'login';
}

export const SCENARIOS: Scenario[] = [
  { name: 'GET /api/auth/me (signed in)', method: 'GET', path: '/api/auth/me', as: 'member', kind: 'read' },
  {
    name: 'POST /api/auth/login (burst)',
    method: 'POST',
    path: '/api/auth/login',
    as: null,
    body: BENCH_ACCOUNTS.member,
    kind: 'login',
  },
  // After merging: library listing, admin users page 1 and a search, admin saved videos with a filter.
];
