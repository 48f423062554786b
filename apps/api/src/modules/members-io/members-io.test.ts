import {
  MEMBERS_IO_MESSAGES,
  USERNAME_MESSAGES,
  type MembersExport,
  type MembersImportResult,
} from '@app/contracts';
import { hash as bcryptHash } from '@node-rs/bcrypt';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, postJson, signIn, type TestApp } from '../../../test/helper';
import { users } from '../../db/schema';

const IMPORT = '/api/admin/users/import';
const EXPORT = '/api/admin/users/export';

async function adminApp(): Promise<TestApp & { cookie: string }> {
  const test = await createTestApp();
  return { ...test, cookie: await signIn(test.app, ADMIN.email, ADMIN.password) };
}

const userCount = async ({ db }: TestApp): Promise<number> =>
  (await db.select({ n: count() }).from(users))[0]!.n;

describe('members CSV export and import', () => {
  it('refuses an export whose filter has an unknown key (400 in Spanish) instead of exporting everyone', async () => {
    const test = await adminApp();
    await addUser(test.db, { email: 'carol@example.com', username: 'carol' });
    await addUser(test.db, { email: 'dave@example.com', username: 'dave' });
    const res = await postJson(
      test.app,
      EXPORT,
      { Search: 'carol', include_hashes: true },
      { cookie: test.cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Campo no permitido: Search' });
  });

  it('round-trips an export into an empty database: same members, same passwords, re-import changes nothing', async () => {
    const source = await adminApp();
    await addUser(source.db, {
      email: 'ana@example.com',
      username: 'Ána',
      password: 'clave-ana',
      role: 'cafeinas',
    });
    await addUser(source.db, {
      email: 'beto@example.com',
      username: 'beto',
      role: 'estrategas',
      is_active: false,
    });
    const php = await addUser(source.db, { email: 'php@example.com', username: 'php' });
    const legacy = (await bcryptHash('clave-php', 10)).replace(/^\$2b\$/, '$2y$');
    await source.db
      .update(users)
      .set({ password_hash: legacy, phone: '+34 600 111 222' })
      .where(eq(users.id, php.id));

    const exported = await postJson(source.app, EXPORT, { include_hashes: true }, { cookie: source.cookie });
    expect(exported.statusCode).toBe(200);
    const file = exported.json<MembersExport>();
    expect(file.sensitive).toBe(true);
    expect(file.rows).toBe(4);
    expect(file.csv.startsWith('\uFEFFusername,email,phone,role,active,created_at,password_hash\r\n')).toBe(
      true,
    );

    const target = await adminApp();
    const res = await postJson(
      target.app,
      IMPORT,
      { csv: file.csv, dry_run: false },
      { cookie: target.cookie },
    );
    expect(res.statusCode).toBe(200);
    // The admin already exists on the new server: the same account, so nothing to do for that row.
    expect(res.json()).toMatchObject({ total_rows: 4, imported: 3, unchanged_rows: 1, error_rows: 0 });

    await signIn(target.app, 'ana@example.com', 'clave-ana');
    await signIn(target.app, 'php@example.com', 'clave-php');
    const inactive = await postJson(target.app, '/api/auth/login', {
      email: 'beto@example.com',
      password: 'member-secret',
    });
    expect(inactive.statusCode).toBe(403);

    const plain = (t: TestApp & { cookie: string }) =>
      postJson(t.app, EXPORT, { include_hashes: false }, { cookie: t.cookie }).then(
        (r) => r.json<MembersExport>().csv,
      );
    const sourceRows = (await plain(source)).split('\r\n').slice(2).sort();
    const targetRows = (await plain(target)).split('\r\n').slice(2).sort();
    expect(targetRows).toEqual(sourceRows);
    expect(
      targetRows.some((row) => row.startsWith("php,php@example.com,'+34 600 111 222,cafeinas,sí,")),
    ).toBe(true);

    const before = await userCount(target);
    const again = await postJson(
      target.app,
      IMPORT,
      { csv: file.csv, dry_run: false },
      { cookie: target.cookie },
    );
    expect(again.json()).toMatchObject({ imported: 0, unchanged_rows: 4, error_rows: 0 });
    expect(await userCount(target)).toBe(before);
  });

  it('gives every bad row its Spanish message and writes nothing on an all-or-nothing import', async () => {
    const t = await adminApp();
    await addUser(t.db, { email: 'ya@example.com', username: 'ya' });
    const csv = [
      'Usuario;Correo;Teléfono;Rol;Activo',
      'bien;bien@example.com;600;cafeinas;sí',
      'malo;no-es-un-correo;600;cafeinas;sí',
      'repe;bien@example.com;600;cafeinas;sí',
      'otro;ya@example.com;600;cafeinas;sí',
      'rolx;rolx@example.com;600;marcianos;sí',
      'act;act@example.com;600;cafeinas;quizás',
      'sinrol;sinrol@example.com;;;',
    ].join('\n');
    const preview = await postJson(t.app, IMPORT, { csv }, { cookie: t.cookie });
    expect(preview.statusCode).toBe(200);
    const body = preview.json<MembersImportResult>();
    expect(body.mapping).toMatchObject({
      username: 'Usuario',
      email: 'Correo',
      phone: 'Teléfono',
      role: 'Rol',
    });
    const errorsOf = (line: number) => body.rows.find((r) => r.line === line)?.errors;
    expect(errorsOf(2)).toEqual([]);
    expect(errorsOf(3)).toEqual([MEMBERS_IO_MESSAGES.badEmail]);
    expect(errorsOf(4)).toEqual([MEMBERS_IO_MESSAGES.duplicateEmail(2)]);
    expect(errorsOf(5)).toEqual([MEMBERS_IO_MESSAGES.emailRegistered]);
    expect(errorsOf(6)).toEqual([MEMBERS_IO_MESSAGES.unknownRole('marcianos')]);
    expect(errorsOf(7)).toEqual([MEMBERS_IO_MESSAGES.badActive]);
    expect(errorsOf(8)).toEqual([MEMBERS_IO_MESSAGES.chooseRole]);
    expect(body.rows.find((r) => r.line === 8)?.warnings).toContain(MEMBERS_IO_MESSAGES.missingPhone);
    expect(body).toMatchObject({ total_rows: 7, new_rows: 1, error_rows: 6, imported: 0 });

    const before = await userCount(t);
    const all = await postJson(t.app, IMPORT, { csv, dry_run: false, mode: 'all' }, { cookie: t.cookie });
    expect(all.statusCode).toBe(400);
    expect(all.json()).toEqual({ error: MEMBERS_IO_MESSAGES.hasErrors });
    expect(await userCount(t)).toBe(before);

    // Choosing a role for rows without one fixes line 8; "skip the rows with errors" imports the rest.
    const [role] = await t.db
      .select({ id: users.role_id })
      .from(users)
      .where(eq(users.email, 'ya@example.com'));
    const valid = await postJson(
      t.app,
      IMPORT,
      { csv, dry_run: false, mode: 'valid', default_role_id: role!.id, default_active: false },
      { cookie: t.cookie },
    );
    expect(valid.json()).toMatchObject({ imported: 2, error_rows: 5 });
    const [sinrol] = await t.db.select().from(users).where(eq(users.email, 'sinrol@example.com'));
    expect(sinrol).toMatchObject({ is_active: false, role_id: role!.id, phone: null });
    expect(await userCount(t)).toBe(before + 2);
  });

  it('gives a hash whose cost is outside the bounds a Spanish error in the preview', async () => {
    const t = await adminApp();
    const bcrypt = (cost: string) => `$2y$${cost}$${'a'.repeat(53)}`;
    const argon2id = (params: string) => `$argon2id$v=19$${params}$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA`;
    const refused = [
      bcrypt('03'),
      bcrypt('15'),
      bcrypt('18'),
      bcrypt('31'),
      argon2id('m=4194304,t=2,p=1'),
      argon2id('m=19456,t=4000000,p=1'),
      argon2id('m=94216,t=1,p=1'),
      argon2id('m=8,t=11,p=1'),
      argon2id('m=47104,t=3,p=1'),
      argon2id('m=19456,t=2,p=3'),
    ];
    const accepted = [
      bcrypt('04'),
      bcrypt('14'),
      argon2id('m=19456,t=2,p=1'),
      argon2id('m=47104,t=2,p=1'),
      argon2id('m=9416,t=10,p=2'),
      argon2id('m=8,t=1,p=1'),
    ];
    const csv = [
      'username,email,role,password_hash',
      ...[...refused, ...accepted].map((hash, i) => `m${i},m${i}@example.com,cafeinas,"${hash}"`),
    ].join('\n');
    const res = await postJson(t.app, IMPORT, { csv }, { cookie: t.cookie });
    expect(res.statusCode).toBe(200);
    const rows = res.json<MembersImportResult>().rows;
    for (const [i, hash] of refused.entries()) {
      expect(rows[i]?.errors, hash).toEqual([MEMBERS_IO_MESSAGES.hashTooCostly]);
    }
    for (const [i, hash] of accepted.entries()) {
      expect(rows[refused.length + i]?.errors, hash).toEqual([]);
    }
  });

  it('reads a date without a zone in TIME_ZONE, and one with a zone as written', async () => {
    const test = await createTestApp({ timeZone: 'Europe/Madrid' });
    const t = { ...test, cookie: await signIn(test.app, ADMIN.email, ADMIN.password) };
    const dates = {
      invierno: ['2019-03-04 09:15:00', '2019-03-04T08:15:00.000Z'],
      verano: ['2019-07-04T09:15', '2019-07-04T07:15:00.000Z'],
      dia: ['2019-03-04', '2019-03-03T23:00:00.000Z'],
      utc: ['2019-03-04T09:15:00Z', '2019-03-04T09:15:00.000Z'],
      offset: ['2019-03-04T09:15:00-05:00', '2019-03-04T14:15:00.000Z'],
    };
    const csv = [
      'username,email,role,created_at',
      ...Object.entries(dates).map(([name, [text]]) => `${name},${name}@example.com,cafeinas,${text}`),
      'mal,mal@example.com,cafeinas,2019-02-30 10:00',
    ].join('\n');
    const preview = (
      await postJson(t.app, IMPORT, { csv }, { cookie: t.cookie })
    ).json<MembersImportResult>();
    expect(preview.rows.find((r) => r.username === 'mal')?.errors).toEqual([MEMBERS_IO_MESSAGES.badDate]);
    const res = await postJson(t.app, IMPORT, { csv, dry_run: false, mode: 'valid' }, { cookie: t.cookie });
    expect(res.json()).toMatchObject({ imported: 5, error_rows: 1 });
    for (const [name, [, stored]] of Object.entries(dates)) {
      const [row] = await t.db.select().from(users).where(eq(users.username, name));
      expect(row?.created_at, name).toBe(stored);
    }
  });

  it('marks a row whose username looks like an existing one or an earlier row (issue 35)', async () => {
    const t = await adminApp();
    await addUser(t.db, { email: 'ace@example.com', username: 'ace' });
    const csv = [
      'username,email',
      'adm\u0131n,a@example.com',
      '\u0430\u0441\u0435,b@example.com',
      'carol,c@example.com',
      'caro1,d@example.com',
      'admin\u3164,e@example.com',
    ].join('\n');
    const preview = await postJson(t.app, IMPORT, { csv, default_role_id: 3 }, { cookie: t.cookie });
    const body = preview.json<MembersImportResult>();
    const errorsOf = (line: number) => body.rows.find((r) => r.line === line)?.errors;
    expect(errorsOf(2)).toEqual([MEMBERS_IO_MESSAGES.usernameLookalike]);
    expect(errorsOf(3)).toEqual([MEMBERS_IO_MESSAGES.usernameLookalike]);
    expect(errorsOf(4)).toEqual([]);
    expect(errorsOf(5)).toEqual([MEMBERS_IO_MESSAGES.lookalikeUsername(4)]);
    expect(errorsOf(6)).toEqual([USERNAME_MESSAGES.invisible]);
  });

  it('refuses files over the limits with a clear message, and non-admins', async () => {
    const t = await adminApp();
    const rows = Array.from({ length: 20_001 }, (_, i) => `u${i},u${i}@example.com`);
    const tooMany = await postJson(
      t.app,
      IMPORT,
      { csv: ['username,email', ...rows].join('\n') },
      { cookie: t.cookie },
    );
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ error: MEMBERS_IO_MESSAGES.tooManyRows });

    const huge = `username,email\n${'x'.repeat(5 * 1024 * 1024)},a@example.com`;
    const tooLarge = await postJson(t.app, IMPORT, { csv: huge }, { cookie: t.cookie });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error).toBe(MEMBERS_IO_MESSAGES.tooLarge);

    const noEmail = await postJson(t.app, IMPORT, { csv: 'username,nombre\nana,Ana' }, { cookie: t.cookie });
    expect(noEmail.json()).toMatchObject({ error: MEMBERS_IO_MESSAGES.emailColumn });

    const member = await addUser(t.db, { email: 'm@example.com', role: 'cafeinas' });
    const memberCookie = await signIn(t.app, member.email, member.password);
    for (const url of [IMPORT, EXPORT]) {
      const res = await postJson(
        t.app,
        url,
        { csv: 'username,email\na,a@example.com' },
        { cookie: memberCookie },
      );
      expect(res.statusCode).toBe(403);
    }
  });

  // How long it takes and how long the server stops answering meanwhile are the bench's figures (`pnpm bench`).
  it('imports 20,000 rows in one request, and each member signs in with the hash they brought', async () => {
    const t = await adminApp();
    const hash = (await bcryptHash('clave-masiva', 4)).replace(/^\$2b\$/, '$2y$');
    const rows = Array.from(
      { length: 20_000 },
      (_, i) => `m${i},m${i}@example.com,600${i},cafeinas,${i % 3 === 1 ? 'no' : 'sí'},,${hash}`,
    );
    const csv = ['username,email,phone,role,active,created_at,password_hash', ...rows].join('\n');
    const before = await userCount(t);
    const res = await postJson(t.app, IMPORT, { csv, dry_run: false }, { cookie: t.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 20_000 });
    expect(await userCount(t)).toBe(before + 20_000);
    // The admin list's totals (everyone, pending) come from kept counts: the import keeps them right.
    const listed = async (query: string) =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/admin/users${query}`,
            headers: { cookie: t.cookie },
          })
        ).json() as { total: number }
      ).total;
    const [pending] = await t.db.select({ n: count() }).from(users).where(eq(users.is_active, false));
    expect(pending!.n).toBe(6667);
    expect(await listed('')).toBe(before + 20_000);
    expect(await listed('?pending=true')).toBe(pending!.n);
    await signIn(t.app, 'm0@example.com', 'clave-masiva');
    await signIn(t.app, 'm19998@example.com', 'clave-masiva');
  }, 120_000);
});
