import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { translate } from '@takt/i18n';
import type { Services } from './context';
import { hashSecret, passwordProblem } from './domains/auth';
import { type DemoLicenceKey, seedDemoLicence } from './domains/licences';
import { createDemoSpace } from './domains/spaces';
import { systemContext } from './server';

export const ADMIN_LOGIN = 'admin';

/** A password given in TAKT_ADMIN_PASSWORD obeys the rules of every other password, or the server does not start. */
function assertStrongAdminPassword(password: string): void {
  const problem = passwordProblem(password, { login: ADMIN_LOGIN, email: 'admin@takt.local' });
  if (problem) throw new Error(`TAKT_ADMIN_PASSWORD is refused: ${translate('en', problem)}`);
}

/**
 * First start: an administrator and a demo space. The administrator's password comes from
 * TAKT_ADMIN_PASSWORD, or is generated once and kept in `<dataDir>/admin-password` so that every
 * start can print it. With the demo start's own licence key (`withDemoLicenceKey`), the demo space gets a
 * licence signed by it.
 */
export async function seed(
  services: Services,
  demoLicenceKey: DemoLicenceKey | null = null,
): Promise<{ login: string; password: string | null; demoSpaceId: string | null }> {
  const { prisma } = services.db;
  const passwordFile = join(services.config.dataDir, 'admin-password');
  let password = services.config.adminPassword ?? null;
  if (services.config.adminPassword) assertStrongAdminPassword(services.config.adminPassword);
  let admin = await prisma.user.findUnique({ where: { loginKey: ADMIN_LOGIN } });
  if (!admin) {
    password ??= randomBytes(9).toString('base64url');
    admin = await prisma.user.create({
      data: {
        login: ADMIN_LOGIN,
        loginKey: ADMIN_LOGIN,
        email: 'admin@takt.local',
        emailKey: 'admin@takt.local',
        passwordHash: await hashSecret(password),
        firstName: 'Администратор',
        lastName: 'Такт',
        secretQuestion: null,
        secretAnswerHash: null,
        privacyPolicyAcceptedAt: new Date(),
        language: 'ru',
      },
    });
    if (!services.config.adminPassword) await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  } else if (services.config.adminPassword) {
    await prisma.user.update({
      where: { id: admin.id },
      data: { passwordHash: await hashSecret(services.config.adminPassword) },
    });
  } else if (existsSync(passwordFile)) {
    password = (await readFile(passwordFile, 'utf8')).trim();
  }
  // The demo space: still of kind demo, or licensed since (its default licence, withdrawn then, stays).
  let demo = await prisma.space.findFirst({
    where: {
      createdById: admin.id,
      deletingAt: null,
      OR: [{ kind: 'demo' }, { licences: { some: { kind: 'demo' } } }],
    },
    orderBy: { createdAt: 'asc' },
  });
  if (!demo) {
    const created = await createDemoSpace(systemContext(services, admin.id));
    demo = await prisma.space.findUniqueOrThrow({ where: { id: created.id } });
  }
  if (demoLicenceKey) await seedDemoLicence(systemContext(services, admin.id), demo.id, demoLicenceKey);
  return { login: ADMIN_LOGIN, password, demoSpaceId: demo.id };
}
