import { PassThrough } from 'node:stream';
import {
  type EstimateExportFormat,
  type EstimateKindId,
  type EstimateRuleFields,
  INTERCHANGE_LIMITS,
} from '@takt/contracts';
import { writeEstimatePdf } from '@takt/gantt/pdf';
import {
  type EstimateDocument,
  type EstimateSection,
  estimateFormatFromContent,
  estimateSheet,
  figureEstimate,
  InterchangeError,
  previewEstimateTabular,
  readEstimateFile,
  writeEstimateArps,
  writeEstimateXlsx,
} from '@takt/interchange';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, rowOrNotFound } from '../../db/sql';
import { AppError } from '../../errors';
import type { FileResult } from '../../files/result';
import { invalidFile } from '../interchange';
import { ensureEstimating, measureIndex, measuresOf, unitKey } from './directories';
import { documentOf, estimateRow, loadTree, refigure, sourceTotals } from './tree';
import { ruleForImport } from './upload-rules';

/** Import and export of estimates (docs/product-rules.md, "Estimates"): ARPS, the ministry's XML, xlsx, PDF. */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const sheetLanguage = (lang: SpaceContext['lang']) => (lang === 'ru' ? 'ru' : 'en');
const safeName = (name: string) => name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'estimate';

/**
 * An estimate written as xlsx or PDF (the sheet laid out like a local estimate, in the caller's language), or
 * as an ARPS 1.10 block in code page 866 for other estimating programs.
 */
export async function exportEstimate(
  ctx: SpaceContext,
  input: { estimateId: string; format: EstimateExportFormat },
): Promise<FileResult> {
  const sql = ctx.db.pool;
  const estimate = await estimateRow(sql, ctx.space.spaceId, input.estimateId);
  const tree = await loadTree(sql, estimate);
  const doc = documentOf(tree, await sourceTotals(sql, tree.lines));
  const figures = figureEstimate(doc);
  const language = sheetLanguage(ctx.lang);
  const fileName = `${safeName(estimate.code ? `${estimate.code} ${estimate.name}` : estimate.name)}.${input.format}`;
  if (input.format === 'arp')
    return { file: true, contentType: 'text/plain; charset=IBM866', data: writeEstimateArps(doc), fileName };
  if (input.format === 'xlsx')
    return {
      file: true,
      contentType: XLSX_TYPE,
      data: await writeEstimateXlsx(doc, figures, { language }),
      fileName,
    };
  const pass = new PassThrough();
  const chunks: Uint8Array[] = [];
  pass.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pass.on('end', resolve);
    pass.on('error', reject);
  });
  await writeEstimatePdf(estimateSheet(doc, figures, { language }), pass);
  await ended;
  return { file: true, contentType: 'application/pdf', data: Buffer.concat(chunks), fileName };
}

/** A file the readers refuse, as a translated validation error of the `file` field. */
function refused(error: unknown): never {
  if (!(error instanceof InterchangeError)) throw error;
  const split = error.message.indexOf(': ');
  throw invalidFile({
    code: error.code,
    message: error.message,
    ...(error.messageId
      ? { messageId: error.messageId, messageValues: { ...(error.messageValues ?? {}) } }
      : {}),
    reason: split >= 0 ? error.message.slice(split + 2) : error.message,
    ...(error.line !== undefined ? { line: error.line } : {}),
    ...(error.element ? { element: error.element } : {}),
    ...(error.field ? { field: error.field } : {}),
  });
}

type RuleChoice = { estimateRuleId?: string | undefined; rule?: Partial<EstimateRuleFields> | undefined };

/**
 * Reads an estimate file (ARPS, the ministry's XML; xlsx and CSV through an upload rule, saved or given) into
 * a new estimate of a node, in one transaction: a file that cannot be read leaves nothing. Answers the
 * estimate's id and what the reader kept, clamped or left out.
 */
export async function importEstimate(
  ctx: SpaceContext,
  input: {
    nodeId: string;
    file: { name: string; data: Uint8Array };
    kind?: EstimateKindId;
    name?: string;
  } & RuleChoice,
) {
  const spaceId = ctx.space.spaceId;
  await rowOrNotFound(ctx.db.pool, `SELECT 1 FROM eps_nodes WHERE id = $1 AND "spaceId" = $2`, [
    input.nodeId,
    spaceId,
  ]);
  const rule = await ruleForImport(ctx, input);
  const read = await readEstimateFile(input.file.data, input.file.name, {
    language: sheetLanguage(ctx.lang),
    ...(rule ? { rule } : {}),
    ...(input.kind ? { kind: input.kind } : {}),
    // a sheet names no estimate: the file's name stands for it unless one is given
    name: input.name || input.file.name.replace(/\.[^.]*$/, '').trim() || input.file.name,
  }).catch(refused);
  const { document, report } = read;
  const id = await inTransaction(ctx.db.pool, async (client) => {
    await ensureEstimating(client, spaceId);
    const estimateId = await storeDocument(client, spaceId, input.nodeId, ctx.session.userId, {
      ...document,
      ...(input.kind ? { kind: input.kind } : {}),
      ...(input.name ? { name: input.name } : {}),
    });
    await refigure(client, spaceId, estimateId);
    return estimateId;
  });
  return { estimateId: id, report };
}

/**
 * What an upload rule makes of an xlsx or CSV estimate, writing nothing: the sheet's columns with the field
 * each is read as, its first rows with what each became (a section, a line, a total left out…), the rule's
 * problems and the read report of the whole sheet. Other formats need no rule: UnsupportedFileType.
 */
export async function previewEstimateImport(
  ctx: SpaceContext,
  input: { file: { name: string; data: Uint8Array }; limit?: number } & RuleChoice,
) {
  const bytes = input.file.data;
  const ext = input.file.name.toLowerCase().split('.').pop();
  const format =
    estimateFormatFromContent(bytes.subarray(0, 8192)) ?? (ext === 'csv' || ext === 'txt' ? 'csv' : null);
  if (format !== 'xlsx' && format !== 'csv') throw new AppError('UnsupportedFileType');
  const rule = (await ruleForImport(ctx, input)) ?? { rowsToSkip: 0, mapping: {} };
  return previewEstimateTabular(bytes, rule, input.limit ?? INTERCHANGE_LIMITS.previewRows, {
    format,
    language: sheetLanguage(ctx.lang),
  }).catch(refused);
}

/** Stores a read document as a new estimate of the node: its sections, lines and coefficients in order. */
async function storeDocument(
  client: pg.PoolClient,
  spaceId: string,
  nodeId: string,
  userId: string,
  doc: EstimateDocument,
): Promise<string> {
  const measures = measureIndex(await measuresOf(client, spaceId));
  const estimateId = crypto.randomUUID();
  const priceLevel =
    doc.priceLevel && /^\d{4}-\d{2}-\d{2}/.test(doc.priceLevel) ? doc.priceLevel.slice(0, 10) : null;
  await client.query(
    `INSERT INTO estimates (id, "spaceId", "nodeId", "originId", kind, code, name, currency, "priceLevel", "createdById")
     VALUES ($1, $2, $3, $1, $4, $5, $6, $7, $8::date, $9)`,
    [
      estimateId,
      spaceId,
      nodeId,
      doc.kind,
      doc.code?.slice(0, 64) || null,
      doc.name.slice(0, 255) || '—',
      /^[A-Z]{3}$/.test(doc.currency) ? doc.currency : 'RUB',
      priceLevel,
      userId,
    ],
  );
  const sections: unknown[][] = [[], [], [], [], [], []];
  const lines: unknown[][] = Array.from({ length: 16 }, () => []);
  const coefficients: unknown[][] = Array.from({ length: 8 }, () => []);
  let key = 0;
  const addCoefficients = (
    owner: { sectionId?: string; lineId?: string },
    list: EstimateDocument['coefficients'],
  ) => {
    for (const c of list) {
      const row = [
        owner.sectionId ?? null,
        owner.lineId ?? null,
        ++key * 16,
        c.code?.slice(0, 64) ?? null,
        c.name.slice(0, 255) || '—',
        c.kind,
        c.target,
        c.value,
      ];
      row.forEach((v, i) => {
        coefficients[i]!.push(v);
      });
    }
  };
  const walk = (section: EstimateSection, parentId: string | null) => {
    const id = crypto.randomUUID();
    [
      id,
      parentId,
      ++key * 16,
      section.code?.slice(0, 64) ?? null,
      section.name.slice(0, 255) || '—',
      section.chapter ?? null,
    ].forEach((v, i) => {
      sections[i]!.push(v);
    });
    addCoefficients({ sectionId: id }, section.coefficients);
    for (const line of section.lines) {
      const lineId = crypto.randomUUID();
      [
        lineId,
        id,
        ++key * 16,
        line.number?.slice(0, 32) ?? null,
        line.code.slice(0, 64),
        line.name.slice(0, 1000) || '—',
        line.unit.slice(0, 32),
        measures.get(unitKey(line.unit))?.id ?? null,
        line.quantity,
        line.unitCost.labour,
        line.unitCost.machines,
        line.unitCost.materials,
        line.labourHoursPerUnit ?? 0,
        line.machineHoursPerUnit ?? 0,
        line.volumeCode?.slice(0, 64) ?? null,
        line.wbsCode?.slice(0, 64) ?? null,
      ].forEach((v, i) => {
        lines[i]!.push(v);
      });
      addCoefficients({ lineId }, line.coefficients);
    }
    for (const sub of section.sections) walk(sub, id);
  };
  for (const section of doc.sections) walk(section, null);
  addCoefficients({}, doc.coefficients);
  await client.query(
    `INSERT INTO estimate_sections (id, "spaceId", "estimateId", "parentId", "sortKey", code, name, chapter)
     SELECT t.id, $1, $2, t.parent, t.key, t.code, t.name, t.chapter
     FROM unnest($3::uuid[], $4::uuid[], $5::int[], $6::text[], $7::text[], $8::int[]) AS t(id, parent, key, code, name, chapter)`,
    [spaceId, estimateId, ...sections],
  );
  await client.query(
    `INSERT INTO estimate_lines (id, "spaceId", "estimateId", "sectionId", "originId", "sortKey", number, code, name, unit,
       "measureId", quantity, "unitLabour", "unitMachines", "unitMaterials", "labourHoursPerUnit", "machineHoursPerUnit",
       "volumeCode", "wbsCode")
     SELECT t.id, $1, $2, t.section, t.id, t.key, t.number, t.code, t.name, t.unit, t.measure, t.q, t.l, t.m, t.mat, t.h, t.mh,
       t.vc, t.wc
     FROM unnest($3::uuid[], $4::uuid[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::uuid[],
       $11::float8[], $12::float8[], $13::float8[], $14::float8[], $15::float8[], $16::float8[], $17::text[], $18::text[])
       AS t(id, section, key, number, code, name, unit, measure, q, l, m, mat, h, mh, vc, wc)`,
    [spaceId, estimateId, ...lines],
  );
  await client.query(
    `INSERT INTO cost_coefficients (id, "spaceId", "estimateId", "sectionId", "lineId", "sortKey", code, name, kind,
       target, value)
     SELECT gen_random_uuid(), $1, $2, t.section, t.line, t.key, t.code, t.name, t.kind::"CoefficientKind",
       t.target::"CoefficientTarget", t.value
     FROM unnest($3::uuid[], $4::uuid[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::float8[])
       AS t(section, line, key, code, name, kind, target, value)`,
    [spaceId, estimateId, ...coefficients],
  );
  return estimateId;
}
