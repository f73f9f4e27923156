-- CreateTable
CREATE TABLE "assistant_runs" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "userId" UUID,
    "kind" VARCHAR(16) NOT NULL,
    "versionRevision" INTEGER NOT NULL,
    "score" INTEGER,
    "result" JSONB NOT NULL,
    "settings" JSONB NOT NULL,
    "millis" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "assistant_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "assistant_settings" (
    "spaceId" UUID NOT NULL,
    "analysis" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "assistant_settings_pkey" PRIMARY KEY ("spaceId")
);

-- CreateIndex
CREATE INDEX "assistant_runs_versionId_kind_createdAt_idx" ON "assistant_runs"("versionId", "kind", "createdAt");

-- CreateIndex
CREATE INDEX "assistant_runs_spaceId_idx" ON "assistant_runs"("spaceId");

-- AddForeignKey
ALTER TABLE "assistant_runs" ADD CONSTRAINT "assistant_runs_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assistant_runs" ADD CONSTRAINT "assistant_runs_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assistant_settings" ADD CONSTRAINT "assistant_settings_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
