import { randomBytes } from 'node:crypto';
import type { Context } from '../../context';
import { hashSecret } from '../auth';

/**
 * Demo content is contributed by the domains that own it (the schedule domain adds its construction
 * programme, BIM its model): each registers a filler here, and "fill with demo data" runs them in
 * registration order.
 */
export type DemoFiller = (ctx: Context, spaceId: string) => Promise<void>;
const fillers: { name: string; fill: DemoFiller }[] = [];

export function registerDemoFiller(name: string, fill: DemoFiller): void {
  if (!fillers.some((f) => f.name === name)) fillers.push({ name, fill });
}

export async function fillDemo(ctx: Context, spaceId: string): Promise<string[]> {
  for (const filler of fillers) await filler.fill(ctx, spaceId);
  return fillers.map((f) => f.name);
}

/** A site team in one of each built-in role, so that roles, delegation and assignment have people. */
const DEMO_TEAM = [
  { role: 'planner', firstName: 'Ирина', lastName: 'Смирнова', executor: false },
  { role: 'executor', firstName: 'Алексей', lastName: 'Кузнецов', executor: true },
  { role: 'executor', firstName: 'Сергей', lastName: 'Морозов', executor: true },
  { role: 'curator', firstName: 'Ольга', lastName: 'Васильева', executor: false },
  { role: 'viewer', firstName: 'Дмитрий', lastName: 'Попов', executor: false },
] as const;

registerDemoFiller('team', async (ctx, spaceId) => {
  const roles = await ctx.db.prisma.role.findMany({ where: { spaceId, key: { not: null } } });
  const roleId = (key: string) => roles.find((r) => r.key === key)!.id;
  const suffix = spaceId.slice(0, 8);
  // The team's own logins (demo-N-<space>), so a member who merely chose a login starting "demo-" still gets one.
  const existing = await ctx.db.prisma.spaceMember.count({
    where: { spaceId, user: { login: { startsWith: 'demo-', endsWith: `-${suffix}` } } },
  });
  if (existing > 0) return;
  // Demo people cannot sign in: their password is a random secret nobody knows.
  const unusable = await hashSecret(randomBytes(24).toString('base64url'));
  for (const [index, person] of DEMO_TEAM.entries()) {
    const login = `demo-${index + 1}-${suffix}`;
    const user = await ctx.db.prisma.user.create({
      data: {
        login,
        loginKey: login,
        email: `${login}@demo.takt.local`,
        emailKey: `${login}@demo.takt.local`,
        passwordHash: unusable,
        firstName: person.firstName,
        lastName: person.lastName,
        executor: person.executor,
      },
    });
    await ctx.db.prisma.spaceMember.create({
      data: { spaceId, userId: user.id, roleId: roleId(person.role) },
    });
  }
});
