-- CreateTable
CREATE TABLE "pipeline_locations" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "sortKey" INTEGER NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "pipeline_locations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pipeline_pipes" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "versionId" UUID,
    "name" VARCHAR(64) NOT NULL,
    "code" VARCHAR(16) NOT NULL,
    "color" INTEGER NOT NULL,
    "sortKey" INTEGER NOT NULL,
    "mode" VARCHAR(8) NOT NULL DEFAULT 'takt',
    "taktDays" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "ratePerDay" DOUBLE PRECISION,
    "quantityPerLocation" DOUBLE PRECISION,
    "unit" VARCHAR(16),
    "crew" VARCHAR(64),
    "crewSize" INTEGER,
    "bufferDays" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "afterPipeId" UUID,
    "locationIds" UUID[],
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "pipeline_pipes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pipeline_works" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "pipeId" UUID NOT NULL,
    "locationId" UUID,
    "versionId" UUID NOT NULL,
    "workId" UUID NOT NULL,

    CONSTRAINT "pipeline_works_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pipeline_locations_projectId_sortKey_idx" ON "pipeline_locations"("projectId", "sortKey");

-- CreateIndex
CREATE INDEX "pipeline_locations_spaceId_idx" ON "pipeline_locations"("spaceId");

-- CreateIndex
CREATE INDEX "pipeline_pipes_projectId_sortKey_idx" ON "pipeline_pipes"("projectId", "sortKey");

-- CreateIndex
CREATE INDEX "pipeline_pipes_spaceId_idx" ON "pipeline_pipes"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "pipeline_works_workId_key" ON "pipeline_works"("workId");

-- CreateIndex
CREATE INDEX "pipeline_works_projectId_idx" ON "pipeline_works"("projectId");

-- CreateIndex
CREATE INDEX "pipeline_works_versionId_idx" ON "pipeline_works"("versionId");

-- CreateIndex
CREATE INDEX "pipeline_works_spaceId_idx" ON "pipeline_works"("spaceId");

-- AddForeignKey
ALTER TABLE "pipeline_locations" ADD CONSTRAINT "pipeline_locations_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pipeline_pipes" ADD CONSTRAINT "pipeline_pipes_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pipeline_pipes" ADD CONSTRAINT "pipeline_pipes_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pipeline_pipes" ADD CONSTRAINT "pipeline_pipes_afterPipeId_fkey" FOREIGN KEY ("afterPipeId") REFERENCES "pipeline_pipes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pipeline_works" ADD CONSTRAINT "pipeline_works_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pipeline_works" ADD CONSTRAINT "pipeline_works_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pipeline_works" ADD CONSTRAINT "pipeline_works_workId_fkey" FOREIGN KEY ("workId") REFERENCES "works"("id") ON DELETE CASCADE ON UPDATE CASCADE;
