-- AlterTable
ALTER TABLE "assistant_runs" ADD COLUMN     "summary" JSONB;
