-- AlterTable
ALTER TABLE "backup_schedules" ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 1;
