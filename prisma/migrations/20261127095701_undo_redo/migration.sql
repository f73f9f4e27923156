-- AlterTable
ALTER TABLE "undo_actions" ADD COLUMN     "redo" JSONB;
