-- AlterTable
ALTER TABLE "pipeline_works" ADD COLUMN     "crewResourceId" UUID;
