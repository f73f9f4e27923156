import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { bimDemoIfc, bimIfcApiCreate } from '@takt/bim/ifc';
import { ownSpaceByApi, scheduleByApi } from './helpers';

/** Three storeys, a slab concreting work each, a week apart. */
export const BIM_STOREYS: [string, string, string][] = [
  ['Этаж 1', '2026-03-02T08:00', '2026-03-06T17:00'],
  ['Этаж 2', '2026-03-09T08:00', '2026-03-13T17:00'],
  ['Этаж 3', '2026-03-16T08:00', '2026-03-20T17:00'],
];
const EPOCH = Date.UTC(2000, 0, 1);
/** Engine minutes of a day's start. */
export const minutesOfDay = (day: string) => (Date.parse(`${day}T00:00:00Z`) - EPOCH) / 60_000;

/**
 * A new user's space with a schedule of the three storeys (facility → project → schedule) and an IFC file of
 * one section of three storeys written by Takt's generator, to be uploaded in the test.
 */
export async function bimScheduleFixture(
  request: APIRequestContext,
  names: { login: string; space: string; project: string },
) {
  const { token, spaceId, call } = await ownSpaceByApi(request, names.login, names.space);
  const { projectId, scheduleId, versionId } = await scheduleByApi(call, spaceId, {
    facility: 'Квартал',
    project: names.project,
    schedule: 'Каркас',
  });
  const v = `/space/${spaceId}/versions/${versionId}`;
  for (const [storey, start, finish] of BIM_STOREYS) {
    const sum = await call.post(`${v}/wbs`, { name: storey, type: 'sum' });
    await call.post(`${v}/wbs`, {
      parentId: sum.id,
      name: 'Бетонирование перекрытия',
      planStart: start,
      planFinish: finish,
    });
  }
  const ifcApi = await bimIfcApiCreate();
  const file = join(tmpdir(), `takt-e2e-${names.login}-${Date.now()}.ifc`);
  writeFileSync(file, bimDemoIfc(ifcApi, { sections: 1, floors: 3 }).bytes);
  return { token, spaceId, call, projectId, scheduleId, file };
}
