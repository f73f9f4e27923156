-- AlterTable
ALTER TABLE "versions" ADD COLUMN     "calcStartedAt" TIMESTAMP(3);
