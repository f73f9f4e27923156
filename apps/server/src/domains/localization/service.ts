import { LANGUAGES, type Language, LOCALIZATION_CHANGED, LOCALIZATION_VALIDATION } from '@takt/contracts';
import { CATALOGS, isMessageId, isValidMessage } from '@takt/i18n';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError } from '../../errors';
import { publishLive } from '../../live';
import { audit } from '../audit';

/**
 * Localization overrides (docs/product-rules.md, "Localization overrides"): a space's own wording of any
 * interface text in one language. The web app lays them over its catalogue for the space's members and
 * hears each change on the space's live topic.
 */

/** API `GET localization`: the languages with how many texts the space changed in each. */
export async function localizationLanguages(ctx: SpaceContext) {
  const { rows } = await ctx.db.pool.query<{ lang: string; n: number }>(
    'SELECT lang, count(*)::int AS n FROM localization_overrides WHERE "spaceId" = $1 GROUP BY lang',
    [ctx.space.spaceId],
  );
  const counts = new Map(rows.map((r) => [r.lang, r.n]));
  return {
    languages: LANGUAGES.map((lang) => ({
      lang,
      texts: Object.keys(CATALOGS[lang]).length,
      overrides: counts.get(lang) ?? 0,
    })),
  };
}

async function overridesOf(ctx: SpaceContext, lang: Language) {
  const { rows } = await ctx.db.pool.query<{ messageId: string; text: string }>(
    `SELECT "messageId", text FROM localization_overrides WHERE "spaceId" = $1 AND lang = $2 ORDER BY "messageId"`,
    [ctx.space.spaceId, lang],
  );
  // a text whose message left the catalogue (a later Takt) is kept but not offered
  return rows.filter((r) => isMessageId(r.messageId));
}

/** API `GET localization/{lang}`: the space's texts of one language, message id → text. */
export async function localizationOverrides(ctx: SpaceContext, input: { lang: Language }) {
  const rows = await overridesOf(ctx, input.lang);
  return { lang: input.lang, overrides: Object.fromEntries(rows.map((r) => [r.messageId, r.text])) };
}

/** API `GET localization/set/{lang}`: every interface text of a language, standard and the space's own. */
export async function localizationSet(ctx: SpaceContext, input: { lang: Language }) {
  const own = new Map((await overridesOf(ctx, input.lang)).map((r) => [r.messageId, r.text]));
  return {
    lang: input.lang,
    texts: Object.entries(CATALOGS[input.lang] as Record<string, string>).map(([id, text]) => ({
      id,
      text,
      override: own.get(id) ?? null,
    })),
  };
}

const changed = (
  ctx: SpaceContext,
  client: Parameters<typeof publishLive>[0],
  lang: Language,
  messageId: string,
) =>
  publishLive(client, {
    spaceId: ctx.space.spaceId,
    topic: `space:${ctx.space.spaceId}`,
    kind: LOCALIZATION_CHANGED,
    data: { lang, messageId },
  });

/** Sets the space's wording of one text: a message id of the catalogue, a text its compiler accepts. */
export async function overrideText(
  ctx: SpaceContext,
  input: { lang: Language; messageId: string; text: string },
) {
  if (!isMessageId(input.messageId))
    throw new AppError('ValidationError', {}, [
      { path: 'messageId', message: LOCALIZATION_VALIDATION.unknownMessage },
    ]);
  if (!isValidMessage(input.text))
    throw new AppError('ValidationError', {}, [
      { path: 'text', message: LOCALIZATION_VALIDATION.invalidText },
    ]);
  await inTransaction(ctx.db.pool, async (client) => {
    await client.query(
      `INSERT INTO localization_overrides (id, "spaceId", lang, "messageId", text, "updatedById", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, now())
       ON CONFLICT ("spaceId", lang, "messageId") DO UPDATE
         SET text = EXCLUDED.text, "updatedById" = EXCLUDED."updatedById", "updatedAt" = now()`,
      [ctx.space.spaceId, input.lang, input.messageId, input.text, ctx.session.userId],
    );
    await changed(ctx, client, input.lang, input.messageId);
  });
  await audit(ctx, {
    action: 'localization.override',
    details: { lang: input.lang, messageId: input.messageId },
  });
  return { lang: input.lang, messageId: input.messageId, text: input.text };
}

/** Takes the space's wording of one text back: the catalogue's shows again. */
export async function resetText(ctx: SpaceContext, input: { lang: Language; messageId: string }) {
  const removed = await inTransaction(ctx.db.pool, async (client) => {
    const { rowCount } = await client.query(
      'DELETE FROM localization_overrides WHERE "spaceId" = $1 AND lang = $2 AND "messageId" = $3',
      [ctx.space.spaceId, input.lang, input.messageId],
    );
    if (rowCount) await changed(ctx, client, input.lang, input.messageId);
    return rowCount ?? 0;
  });
  if (removed === 0) throw new AppError('NotFound');
  await audit(ctx, {
    action: 'localization.reset',
    details: { lang: input.lang, messageId: input.messageId },
  });
  return { success: true as const };
}
