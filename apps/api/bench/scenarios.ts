/**
 * EXTENSION POINT (scenarios): the endpoints the benchmark drives on each engine, each for BENCH_SECONDS at 50
 * connections. After merging a feature, add its scenarios here (e.g. a library listing, the admin users page 1
 * and a search, the admin saved-videos page with a filter) with `kind: 'listing'` so the report holds them to
 * the listing targets (p99 under 25 ms, within 4x of the signed-in `me` call).
 */
import { BENCH_ACCOUNTS, BENCH_CHANNEL } from './seeds';

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Who calls: a signed-in member, a signed-in administrator, or nobody. */
  as: 'member' | 'admin' | null;
  body?: unknown;
  /**
   * read: the signed-in baseline; listing: p99 under 25 ms and within 4x of `me`; pages: a listing turned page
   * after page, deep pages included, held to the same targets; login: argon2id, slow on purpose.
   */
  kind: 'read' | 'listing' | 'pages' | 'login';
  /** Each request asks the next of pages 1..pages in turn, so deep pages (OFFSET thousands) count too. */
  pages?: number;
}

export const SCENARIOS: Scenario[] = [
  { name: 'GET /api/auth/me (signed in)', method: 'GET', path: '/api/auth/me', as: 'member', kind: 'read' },
  {
    name: 'GET membresia videos page 1, newest first (vip)',
    method: 'GET',
    path: '/api/membresia/videos?page=1&sort=newest',
    as: 'member',
    kind: 'listing',
  },
  {
    name: 'GET membresia videos, one category (vip)',
    method: 'GET',
    path: '/api/membresia/videos?page=1&sort=newest&categoria_id=3',
    as: 'member',
    kind: 'listing',
  },
  {
    name: 'GET membresia progreso (vip)',
    method: 'GET',
    path: '/api/membresia/progreso',
    as: 'member',
    kind: 'listing',
  },
  {
    name: 'GET admin users page 1',
    method: 'GET',
    path: '/api/admin/users?page=1&pageSize=10',
    as: 'admin',
    kind: 'listing',
  },
  {
    name: 'GET admin users pending',
    method: 'GET',
    path: '/api/admin/users?page=1&pageSize=10&pending=true',
    as: 'admin',
    kind: 'listing',
  },
  {
    name: 'GET admin users search',
    method: 'GET',
    path: '/api/admin/users?page=1&pageSize=10&search=miembro012',
    as: 'admin',
    kind: 'listing',
  },
  {
    name: 'GET youtube videos, one channel',
    method: 'GET',
    path: `/api/video-tools/youtube/videos?page=1&filter=${encodeURIComponent(BENCH_CHANNEL)}`,
    as: 'admin',
    kind: 'listing',
  },
  {
    name: 'GET youtube videos, all',
    method: 'GET',
    path: '/api/video-tools/youtube/videos?page=1',
    as: 'admin',
    kind: 'listing',
  },
  {
    name: 'GET instagram videos, one user',
    method: 'GET',
    path: `/api/video-tools/instagram/videos?page=1&filter=${encodeURIComponent('Creador 7')}`,
    as: 'admin',
    kind: 'listing',
  },
  {
    name: 'GET youtube filters',
    method: 'GET',
    path: '/api/video-tools/youtube/filters',
    as: 'admin',
    kind: 'listing',
  },
];

/** Listings turned page after page: deep pages read past thousands of rows before theirs. */
SCENARIOS.push(
  {
    name: 'GET membresia videos, pages 1-300 (deep)',
    method: 'GET',
    path: '/api/membresia/videos?page=1&sort=newest',
    as: 'member',
    kind: 'pages',
    pages: 300,
  },
  {
    name: 'GET admin users, pages 1-200 (deep)',
    method: 'GET',
    path: '/api/admin/users?page=1&pageSize=10',
    as: 'admin',
    kind: 'pages',
    pages: 200,
  },
  {
    name: 'GET youtube videos, pages 1-200 (deep)',
    method: 'GET',
    path: '/api/video-tools/youtube/videos?page=1',
    as: 'admin',
    kind: 'pages',
    pages: 200,
  },
  // Last: its argon2id hashing fills the thread pool and memory, which must not weigh on the runs above.
  {
    name: 'POST /api/auth/login (burst)',
    method: 'POST',
    path: '/api/auth/login',
    as: null,
    body: BENCH_ACCOUNTS.member,
    kind: 'login',
  },
);
