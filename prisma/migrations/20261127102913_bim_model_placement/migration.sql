-- AlterTable
ALTER TABLE "bim_models" ADD COLUMN     "georeference" JSONB,
ADD COLUMN     "offset" JSONB;
