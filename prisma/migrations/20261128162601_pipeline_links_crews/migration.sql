-- AlterTable
ALTER TABLE "relations" ADD COLUMN     "pipelineLink" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "pipeline_pipes" ADD COLUMN     "crewResourceId" UUID;

-- AddForeignKey
ALTER TABLE "pipeline_pipes" ADD CONSTRAINT "pipeline_pipes_crewResourceId_fkey" FOREIGN KEY ("crewResourceId") REFERENCES "resources"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The links already between two works of one pipeline were all its own (its generations removed any other)
UPDATE "relations" r SET "pipelineLink" = true
  FROM "pipeline_works" a, "pipeline_works" b
 WHERE a."workId" = r."predecessorId" AND b."workId" = r."successorId" AND a."projectId" = b."projectId";
