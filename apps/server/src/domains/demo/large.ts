import { randomUUID } from 'node:crypto';
import { NO_TIME } from '@takt/engine';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { emptyWorkColumns, insertRelationColumns, insertWorkColumns, type RelationColumns } from './bulk';

const DAY = 480;
const TRADES = [
  'Армирование',
  'Опалубка',
  'Бетонирование',
  'Кладка',
  'Инженерные системы',
  'Отделка',
  'Приёмка',
];

/**
 * A generated schedule of `count` works for performance work: blocks of 10 storeys × ~48 works under
 * block summaries, FS chains inside a storey, SS links with a lag between storeys. Created on demand
 * (not in every demo fill) so that demo spaces and tests stay fast; one `unnest` insert per 50k rows.
 */
export async function generateLargeSchedule(ctx: SpaceContext, count: number) {
  const spaceId = ctx.space.spaceId;
  const started = performance.now();
  return inTransaction(ctx.db.pool, async (client) => {
    const facility = randomUUID();
    const project = randomUUID();
    const schedule = randomUUID();
    const versionId = randomUUID();
    await client.query(
      `INSERT INTO eps_nodes (id, "spaceId", "parentId", kind, name, "sortKey", "updatedAt") VALUES
         ($1, $4, NULL, 'facility', 'Тест производительности', 1 << 20, now()),
         ($2, $4, $1, 'project', 'Квартал 100 000 работ', 1024, now()),
         ($3, $4, $2, 'schedule', 'Сводный график', 1024, now())`,
      [facility, project, schedule, spaceId],
    );
    await client.query(
      `INSERT INTO versions (id, "spaceId", "scheduleId", number, name, actual, "projectStart", "updatedAt")
       VALUES ($1, $2, $3, 1, 'Версия 1', true, date_trunc('month', now())::timestamp + interval '8 hours', now())`,
      [versionId, spaceId, schedule],
    );
    const w = emptyWorkColumns();
    const r: RelationColumns = { predecessorId: [], successorId: [], type: [], lagMinutes: [], driving: [] };
    const startMinutes = Math.floor((Date.now() - Date.UTC(2000, 0, 1)) / 60_000 / 1440) * 1440 + 480;
    const push = (
      parentId: string | null,
      name: string,
      code: string,
      type: string,
      sortKey: number,
      dur: number,
      at: number,
    ) => {
      const id = randomUUID();
      w.id.push(id);
      w.parentId.push(parentId);
      w.sortKey.push(sortKey);
      w.code.push(code);
      w.name.push(name);
      w.type.push(type);
      w.durationMinutes.push(dur);
      w.calendarId.push(null);
      w.planStart.push(at);
      w.planFinish.push(at + Math.round((dur / DAY) * 1440));
      for (const a of [w.factStart, w.factFinish, w.earlyStart, w.earlyFinish, w.lateStart, w.lateFinish])
        a.push(NO_TIME);
      w.totalFloat.push(null);
      w.freeFloat.push(null);
      w.critical.push(false);
      w.planVolume.push(type === 'task' ? 10 + (w.id.length % 90) : null);
      w.unit.push(type === 'task' ? 'м³' : null);
      w.progress.push(0);
      w.status.push('not_started');
      w.executorId.push(null);
      return id;
    };
    const link = (p: string, s: string, type: string, lag: number) => {
      r.predecessorId.push(p);
      r.successorId.push(s);
      r.type.push(type);
      r.lagMinutes.push(lag);
      r.driving.push(false);
    };
    let block = 0;
    while (w.id.length < count) {
      block++;
      const blockId = push(null, `Блок ${block}`, `${block}`, 'sum', block * 1024, 0, startMinutes);
      let previousFloor: string[] = [];
      for (let floor = 1; floor <= 10 && w.id.length < count; floor++) {
        const floorId = push(
          blockId,
          `Этаж ${floor}`,
          `${block}.${floor}`,
          'sum',
          floor * 1024,
          0,
          startMinutes,
        );
        const ids: string[] = [];
        for (let k = 1; k <= 46 && w.id.length < count; k++) {
          const name = `${TRADES[(k - 1) % TRADES.length]} ${Math.ceil(k / TRADES.length)}`;
          const at = startMinutes + (block * 7 + floor * 5 + k) * 1440;
          ids.push(push(floorId, name, `${block}.${floor}.${k}`, 'task', k * 1024, (1 + (k % 5)) * DAY, at));
          if (k > 1) link(ids[k - 2]!, ids[k - 1]!, 'fs', 0);
        }
        if (previousFloor[0] && ids[0]) link(previousFloor[0], ids[0], 'ss', 2 * DAY);
        previousFloor = ids;
      }
    }
    await insertWorkColumns(client, spaceId, versionId, w);
    await insertRelationColumns(client, spaceId, versionId, r);
    // Fresh statistics, so the planner does not treat 200k new rows as an empty table.
    await client.query('ANALYZE works, relations');
    return {
      scheduleId: schedule,
      versionId,
      works: w.id.length,
      relations: r.predecessorId.length,
      milliseconds: Math.round(performance.now() - started),
    };
  });
}
