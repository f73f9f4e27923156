import { describe, expect, it } from 'vitest';
import {
  datedXer,
  type Failure,
  importedVersion,
  ownSpace,
  scheduleWithVersion,
  serverForFile,
} from './fixtures';

const t = serverForFile();

type Work = { id: string; revision: number; attributes: Record<string, unknown> };
type Attribute = { id: string; name: string; revision: number; formula: string | null };
type Calculation = {
  works: number;
  written: number;
  attributes: {
    attributeId: string;
    computed: number;
    empty: number;
    failed: number;
    samples: { reason: string }[];
  }[];
};

/**
 * docs/product-rules.md, "Formulas", worked by hand: works of 5 and 2 working days (8-hour days), a rate
 * attribute of 1,000 and 0 per day; "Cost" = duration * Rate, "Per day" = Cost / Rate.
 */
describe('formula attributes', () => {
  it('computes a formula over duration and another attribute, recalculates after an edit, rejects cycles and unknown names', async () => {
    const s = await ownSpace(t, 'formula-owner', 'Formulas');
    const { v, versionId, scheduleId } = await scheduleWithVersion(s.ok);
    const rate = await s.ok<Attribute>('POST', '/attributes', {
      name: 'Rate',
      valueType: 'money',
      scheduleId,
    });
    const a = await s.ok<Work>('POST', `${v}/wbs`, {
      name: 'A',
      code: 'A',
      durationMinutes: 5 * 480,
      attributes: { [rate.id]: 1000 },
    });
    const b = await s.ok<Work>('POST', `${v}/wbs`, {
      name: 'B',
      code: 'B',
      durationMinutes: 2 * 480,
      attributes: { [rate.id]: 0 },
    });
    const c = await s.ok<Work>('POST', `${v}/wbs`, { name: 'C', code: 'C', durationMinutes: 480 });

    // The names a formula may use: the work's fields, this schedule's attributes, the functions.
    const names = await s.ok<{
      fields: { name: string }[];
      attributes: { name: string; reference: string }[];
    }>('GET', `/attribute-formula/names?scheduleId=${scheduleId}`);
    expect(names.fields.map((f) => f.name)).toContain('duration');
    expect(names.attributes.find((x) => x.name === 'Rate')?.reference).toBe('Rate');

    // Saved, the formula is computed at once in the schedule's current version.
    const cost = await s.ok<Attribute>('POST', '/attributes', {
      name: 'Cost',
      valueType: 'money',
      scheduleId,
      formula: 'duration * Rate',
    });
    expect(cost.formula).toBe('duration * Rate');
    const value = async (work: Work, attribute: Attribute) =>
      (await s.ok<Work>('GET', `${v}/wbs/${work.id}`)).attributes[attribute.id];
    expect(await value(a, cost)).toBe(5000);
    expect(await value(b, cost)).toBe(0);
    // C has no rate: its cost is empty, and that is no failure.
    expect(await value(c, cost)).toBeUndefined();

    // A division by zero leaves B's value empty and is counted, never a 5xx.
    const perDay = await s.ok<Attribute>('POST', '/attributes', {
      name: 'Per day',
      valueType: 'number',
      scheduleId,
      formula: 'attr("Cost") / Rate',
    });
    expect(await value(a, perDay)).toBe(5);
    expect(await value(b, perDay)).toBeUndefined();
    const run = await s.ok<Calculation>('POST', `${v}/attribute-calculate`, {});
    expect(run.works).toBe(3);
    const perDayRun = run.attributes.find((x) => x.attributeId === perDay.id)!;
    expect(perDayRun).toMatchObject({ computed: 1, empty: 1, failed: 1 });
    expect(perDayRun.samples[0]?.reason).toBe('notFinite');

    // An edit of A's duration recalculates both formulas of A in the edit's own transaction.
    const before = await s.ok<Work>('GET', `${v}/wbs/${a.id}`);
    const edited = await s.ok<Work>('PATCH', `${v}/wbs/${a.id}`, {
      revision: before.revision,
      durationMinutes: 3 * 480,
    });
    expect(edited.attributes[cost.id]).toBe(3000);
    expect(edited.attributes[perDay.id]).toBe(3);

    // A formula's values are computed, never entered.
    const typed = await t.api<Failure>(
      'PATCH',
      `/space/${s.spaceId}${v}/wbs/${b.id}`,
      { revision: (await s.ok<Work>('GET', `${v}/wbs/${b.id}`)).revision, attributes: { [cost.id]: 1 } },
      { token: s.token },
    );
    expect(typed.status).toBe(400);
    expect(typed.body.issues?.[0]?.message).toBe('formulas.read_only');

    // Cost reading Per day would close a circle: refused with the names, in the caller's language.
    const cycle = await t.api<Failure>(
      'PATCH',
      `/space/${s.spaceId}/attributes/${cost.id}`,
      { revision: cost.revision, formula: 'attr("Per day") * 2' },
      { token: s.token, lang: 'ru' },
    );
    expect(cycle.status).toBe(400);
    expect(cycle.body.issues?.[0]?.message).toBe('formulas.cycle');
    expect(String(cycle.body.error_message)).toContain('Cost → Per day → Cost');

    const unknown = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/attributes`,
      { name: 'Bad', valueType: 'number', scheduleId, formula: 'duration * Price' },
      { token: s.token },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues?.[0]?.message).toBe('formulas.unknown_name');
    expect(String(unknown.body.error_message)).toContain('Price');
    for (const formula of ['duration *', 'x = 1', 'parse("1")', 'duration.constructor', '[1, 2]']) {
      const bad = await t.api<Failure>(
        'POST',
        `/space/${s.spaceId}/attributes`,
        { name: 'Bad', valueType: 'number', scheduleId, formula },
        { token: s.token },
      );
      expect(bad.status, formula).toBe(400);
    }

    // A read attribute keeps its name while a formula reads it; the check computes a sample without writing.
    const rename = await t.api<Failure>(
      'PATCH',
      `/space/${s.spaceId}/attributes/${rate.id}`,
      { revision: rate.revision, name: 'Rate 2' },
      { token: s.token },
    );
    expect(rename.body.issues?.[0]?.message).toBe('formulas.in_use');
    const check = await s.ok<{ sample: { value: unknown; code: string } }>(
      'GET',
      `/attribute-formula/check?valueType=number&scheduleId=${scheduleId}&versionId=${versionId}&workId=${a.id}&formula=${encodeURIComponent('Rate + 1')}`,
    );
    expect(check.sample).toMatchObject({ code: 'A', value: 1001 });
  });

  it('recalculates 2,000 works in bulk, one statement per attribute', async () => {
    const s = await ownSpace(t, 'formula-bulk', 'Formulas bulk');
    const { v, versionId, scheduleId } = await scheduleWithVersion(s.ok);
    const rows = Array.from({ length: 2000 }, (_, i) => `('${versionId}', 'W${i}', ${(i % 10) * 480}, ${i})`);
    const [row] = await t.sql<{ spaceId: string }>(`SELECT "spaceId" FROM versions WHERE id = $1`, [
      versionId,
    ]);
    await t.sql(
      `INSERT INTO works (id, "spaceId", "versionId", "originId", code, name, "durationMinutes", "sortKey")
       SELECT gen_random_uuid(), $1, x.v::uuid, gen_random_uuid(), x.c, x.c, x.d, x.k
       FROM (VALUES ${rows.join(',')}) AS x(v, c, d, k)`,
      [row!.spaceId],
    );
    await s.ok('POST', '/attributes', {
      name: 'Days x2',
      valueType: 'number',
      scheduleId,
      formula: 'duration * 2',
    });
    const started = performance.now();
    const run = await s.ok<Calculation>('POST', `${v}/attribute-calculate`, {});
    expect(run.works).toBe(2000);
    // Computed on save already: nothing changed since.
    expect(run.written).toBe(0);
    expect(run.attributes[0]).toMatchObject({ computed: 2000, empty: 0, failed: 0 });
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('linked attributes', () => {
  it('copies a donor attribute by work code, on demand and after the donor changes', async () => {
    const s = await ownSpace(t, 'links-owner', 'Links');
    const target = await scheduleWithVersion(s.ok);
    const donor = await scheduleWithVersion(s.ok);
    const volume = await s.ok<Attribute>('POST', '/attributes', { name: 'Concrete', valueType: 'number' });
    const d1 = await s.ok<Work>('POST', `${donor.v}/wbs`, {
      name: 'Slab',
      code: 'S1',
      attributes: { [volume.id]: 42 },
    });
    await s.ok<Work>('POST', `${donor.v}/wbs`, { name: 'Wall', code: 'W1', attributes: { [volume.id]: 7 } });
    const t1 = await s.ok<Work>('POST', `${target.v}/wbs`, { name: 'Slab here', code: 'S1' });
    const t2 = await s.ok<Work>('POST', `${target.v}/wbs`, { name: 'Other', code: 'X9' });
    const linked = await s.ok<Attribute>('POST', '/attributes', {
      name: 'Concrete from design',
      valueType: 'number',
      scheduleId: target.scheduleId,
    });

    const created = await s.ok<{ link: { id: string }; refresh: { copied: number; unmatched: number } }>(
      'POST',
      `/schedules/${target.scheduleId}/linked-attributes`,
      { attributeId: linked.id, donorScheduleId: donor.scheduleId, donorAttributeId: volume.id },
    );
    expect(created.refresh).toMatchObject({ copied: 1, unmatched: 1 });
    const linkedValue = async (w: Work) =>
      (await s.ok<Work>('GET', `${target.v}/wbs/${w.id}`)).attributes[linked.id];
    expect(await linkedValue(t1)).toBe(42);
    expect(await linkedValue(t2)).toBeUndefined();

    const list = await s.ok<{ id: string; donorAttributeName: string }[]>(
      'GET',
      `/schedules/${target.scheduleId}/linked-attributes`,
    );
    expect(list).toEqual([expect.objectContaining({ id: created.link.id, donorAttributeName: 'Concrete' })]);
    const donors = await s.ok<{ id: string }[]>('GET', `/schedules/${donor.scheduleId}/donor-attributes`);
    expect(donors.map((d) => d.id)).toEqual([created.link.id]);

    // The donor's value changes: copied in the edit's transaction; "Refresh" finds nothing more to copy.
    const fresh = await s.ok<Work>('GET', `${donor.v}/wbs/${d1.id}`);
    await s.ok('PATCH', `${donor.v}/wbs/${d1.id}`, {
      revision: fresh.revision,
      attributes: { [volume.id]: 50 },
    });
    expect(await linkedValue(t1)).toBe(50);
    const refresh = await s.ok<{ copied: number }>('POST', `/linked-attributes/${created.link.id}/refresh`);
    expect(refresh.copied).toBe(0);

    // Refusals: a schedule linked to itself, a type that differs, the same attribute twice.
    const refuse = (body: Record<string, unknown>) =>
      t.api<Failure>('POST', `/space/${s.spaceId}/schedules/${target.scheduleId}/linked-attributes`, body, {
        token: s.token,
      });
    const textAttribute = await s.ok<Attribute>('POST', '/attributes', { name: 'Note', valueType: 'string' });
    expect(
      (
        await refuse({
          attributeId: linked.id,
          donorScheduleId: target.scheduleId,
          donorAttributeId: volume.id,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await refuse({
          attributeId: textAttribute.id,
          donorScheduleId: donor.scheduleId,
          donorAttributeId: volume.id,
        })
      ).body.issues?.[0]?.message,
    ).toBe('links.type_mismatch');
    expect(
      (
        await refuse({
          attributeId: linked.id,
          donorScheduleId: donor.scheduleId,
          donorAttributeId: volume.id,
        })
      ).body.issues?.[0]?.message,
    ).toBe('links.exists');

    await s.ok('DELETE', `/linked-attributes/${created.link.id}`);
    expect(await s.ok<unknown[]>('GET', `/schedules/${target.scheduleId}/linked-attributes`)).toEqual([]);
  });

  it('copies again after the donor version is calculated, after an import into the donor schedule, and into a version made actual', async () => {
    const s = await ownSpace(t, 'links-calc-owner', 'Links after calculation');
    const target = await scheduleWithVersion(s.ok);
    const donor = await scheduleWithVersion(s.ok);
    // Donor values that only a calculation (the float) or an import (new works' durations) give.
    const float = await s.ok<Attribute>('POST', '/attributes', {
      name: 'Float',
      valueType: 'number',
      scheduleId: donor.scheduleId,
      formula: 'totalFloat',
    });
    const days = await s.ok<Attribute>('POST', '/attributes', {
      name: 'Days',
      valueType: 'number',
      scheduleId: donor.scheduleId,
      formula: 'duration',
    });
    await s.ok<Work>('POST', `${donor.v}/wbs`, { name: 'Long', code: 'A2', durationMinutes: 5 * 480 });
    await s.ok<Work>('POST', `${donor.v}/wbs`, { name: 'Short', code: 'A3', durationMinutes: 2 * 480 });
    const a2 = await s.ok<Work>('POST', `${target.v}/wbs`, { name: 'Here long', code: 'A2' });
    const a3 = await s.ok<Work>('POST', `${target.v}/wbs`, { name: 'Here short', code: 'A3' });
    const targetAttribute = (name: string) =>
      s.ok<Attribute>('POST', '/attributes', { name, valueType: 'number', scheduleId: target.scheduleId });
    const floatHere = await targetAttribute('Float from donor');
    const daysHere = await targetAttribute('Days from donor');
    for (const [attribute, donorAttribute] of [
      [floatHere, float],
      [daysHere, days],
    ] as const)
      await s.ok('POST', `/schedules/${target.scheduleId}/linked-attributes`, {
        attributeId: attribute.id,
        donorScheduleId: donor.scheduleId,
        donorAttributeId: donorAttribute.id,
      });
    const copied = async (w: Work, attribute: Attribute) =>
      (await s.ok<Work>('GET', `${target.v}/wbs/${w.id}`)).attributes[attribute.id];
    expect(await copied(a2, floatHere)).toBeUndefined();
    expect(await copied(a2, daysHere)).toBe(5);

    // The donor's calculation gives the floats: copied in the transaction of its results.
    await s.ok('POST', `${donor.v}/calculate`, {});
    expect(await copied(a2, floatHere)).toBe(0);
    expect(await copied(a3, floatHere)).toBe(3);

    // An import into the donor schedule (A2 of 1 day, A3 of 2) while its first version is actual: the
    // links still copy from the actual one; made actual, the new version is copied from at once.
    const imported = await importedVersion(
      t,
      s,
      donor.scheduleId,
      'donor.xer',
      datedXer('2026-03-02T08:00', 'DONOR'),
    );
    expect(await copied(a2, daysHere)).toBe(5);
    await s.ok('POST', `/versions/${imported}/setActualStatus`, {});
    expect(await copied(a2, daysHere)).toBe(1);
    expect(await copied(a3, daysHere)).toBe(2);

    // The actual one deleted, none is actual: the first is current again (refreshed by hand), and an
    // import makes the current version, copied from in the import's own transaction.
    await s.ok('DELETE', `/versions/${imported}?confirm=true`);
    const [daysLink] = await s
      .ok<{ id: string; attributeId: string }[]>('GET', `/schedules/${target.scheduleId}/linked-attributes`)
      .then((links) => links.filter((l) => l.attributeId === daysHere.id));
    await s.ok('POST', `/linked-attributes/${daysLink!.id}/refresh`);
    expect(await copied(a2, daysHere)).toBe(5);
    await importedVersion(t, s, donor.scheduleId, 'again.xer', datedXer('2026-03-02T08:00', 'AGAIN'));
    expect(await copied(a2, daysHere)).toBe(1);
    expect(await copied(a3, daysHere)).toBe(2);

    // A new version of the linked schedule made actual takes the donor's values at once.
    const next = await s.ok<{ id: string }>('POST', `/schedules/${target.scheduleId}/versions/create`, {
      name: 'Second',
    });
    const there = await s.ok<Work>('POST', `/versions/${next.id}/wbs`, { name: 'Long there', code: 'A3' });
    await s.ok('POST', `/versions/${next.id}/setActualStatus`, {});
    expect((await s.ok<Work>('GET', `/versions/${next.id}/wbs/${there.id}`)).attributes[daysHere.id]).toBe(2);
  });
});
