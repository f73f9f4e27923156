-- CreateTable
CREATE TABLE "replacements" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "scheduleId" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "workId" UUID NOT NULL,
    "donorVersionId" UUID,
    "name" VARCHAR(255) NOT NULL,
    "comment" TEXT,
    "original" JSONB,
    "copyIds" UUID[],
    "copyCount" INTEGER NOT NULL DEFAULT 0,
    "createdById" UUID,
    "appliedById" UUID,
    "appliedAt" TIMESTAMP(3),
    "undoneAt" TIMESTAMP(3),
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "replacements_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "replacements_spaceId_scheduleId_idx" ON "replacements"("spaceId", "scheduleId");

-- CreateIndex
CREATE INDEX "replacements_versionId_idx" ON "replacements"("versionId");

-- CreateIndex
CREATE INDEX "replacements_donorVersionId_idx" ON "replacements"("donorVersionId");

-- CreateIndex
CREATE UNIQUE INDEX "replacements_workId_key" ON "replacements"("workId");

-- AddForeignKey
ALTER TABLE "replacements" ADD CONSTRAINT "replacements_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "replacements" ADD CONSTRAINT "replacements_workId_fkey" FOREIGN KEY ("workId") REFERENCES "works"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "replacements" ADD CONSTRAINT "replacements_donorVersionId_fkey" FOREIGN KEY ("donorVersionId") REFERENCES "versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
