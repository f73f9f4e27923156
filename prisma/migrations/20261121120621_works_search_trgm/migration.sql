-- works.search looks works up across the space by code prefix or name substring (ILIKE). Trigram
-- indexes answer both without a sequential scan of every version's works; they cover columns that a
-- calculation never writes, so its updates stay HOT (see *_hot_updates). pg_trgm is a trusted
-- extension: the database owner may create it, no superuser needed.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS "works_name_trgm_idx" ON "works" USING gin ("name" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "works_code_trgm_idx" ON "works" USING gin ("code" gin_trgm_ops);
